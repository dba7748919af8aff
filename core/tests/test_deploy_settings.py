import os
import subprocess
import sys

from django.conf import settings


def test_the_deploy_check_is_clean_with_a_production_environment():
    env = {
        "PATH": os.environ["PATH"],
        "DEBUG": "false",
        "SECRET_KEY": "k3y-" + "x9Q!v7#Lp2@Zr8$Wm4^Tn6&Hs1*Jd5(Fb0)Gc3_Ye" * 2,
        "ALLOWED_HOSTS": "flux-ia.example",
        "SECURE_SSL_REDIRECT": "true",
        "EMAIL_URL": "smtp+tls://flux:secret@smtp.example.ci:587",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_locale_and_hashers_are_as_the_product_needs():
    assert settings.LANGUAGE_CODE == "fr"
    assert settings.TIME_ZONE == "Africa/Abidjan"
    assert settings.PASSWORD_HASHERS[0].endswith("Argon2PasswordHasher")
