"""No top-level package of the project may shadow a standard-library or installed module: run from
the repository root, ``python -m …`` (an SMTP sink, pytest, a REPL) would import ours instead
(the app once called ``mailbox`` broke ``python -m aiosmtpd … aiosmtpd.handlers.Mailbox``)."""

import pkgutil
import site
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def project_packages() -> set[str]:
    return {path.parent.name for path in ROOT.glob("*/__init__.py")}


def installed_modules() -> set[str]:
    directories = [path for path in sys.path if "site-packages" in path] + site.getsitepackages()
    return {module.name for module in pkgutil.iter_modules(directories)}


def test_the_project_has_the_packages_this_test_is_about():
    assert {"accounts", "core", "emails", "config"} <= project_packages()


def test_no_project_package_shadows_the_standard_library():
    assert project_packages() & set(sys.stdlib_module_names) == set()


def test_no_project_package_shadows_an_installed_module():
    assert project_packages() & installed_modules() == set()
