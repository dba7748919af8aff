"""The landing page as Django serves it on "/": prerendered HTML, the small `landing` bundle only,
and the 80 KB gzip budget for the JavaScript it loads (issue 6). Needs the webpack build."""

import gzip
import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from core import spa

pytestmark = pytest.mark.django_db

FRONTEND = Path(settings.BASE_DIR) / "frontend"
JS_BUDGET_GZIP = 80 * 1024
NBSP = "\u00a0"
NARROW_NBSP = "\u202f"


def webpack_stats() -> dict:
    return json.loads((FRONTEND / "webpack-stats.json").read_text(encoding="utf-8"))


def script_sources(html: str) -> list[str]:
    return re.findall(r"<script[^>]*\ssrc=\"([^\"]+)\"", html)


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def test_the_javascript_loaded_by_the_landing_page_fits_in_80_kb_gzip(client):
    html = client.get("/").content.decode()
    stats = webpack_stats()
    landing_files = {stats["publicPath"] + name for name in stats["chunks"]["landing"]}
    sources = script_sources(html)

    assert sources, "the landing page loads its enhancement script"
    assert set(sources) <= landing_files, "only the landing entry's files, never the SPA's bundle"
    total = sum(gzip_size(FRONTEND / "build" / src.removeprefix(stats["publicPath"])) for src in sources)
    assert total <= JS_BUDGET_GZIP, f"{total} bytes of gzipped JavaScript on /"


def test_the_landing_page_does_not_load_the_spa_bundle(client):
    html = client.get("/").content.decode()
    main_files = webpack_stats()["chunks"]["main"]
    assert not any(name in html for name in main_files)


def test_the_landing_page_arrives_already_rendered(client):
    html = client.get("/").content.decode()
    for text in [
        "Technologie IA Made in Côte d&#x27;Ivoire",
        "Essai Gratuit",
        "Voir une démo",
        f"78{NARROW_NBSP}800{NBSP}F CFA",
        f"89{NARROW_NBSP}355{NBSP}F CFA",
        "Sur devis",
        "© 2025",
    ]:
        assert text in html, text
    assert html.index('id="features"') < html.index('id="demo"') < html.index('id="pricing"')


def test_the_landing_page_has_no_inline_style_or_script_for_the_csp(client):
    response = client.get("/")
    html = response.content.decode()
    assert "style-src 'self'" in response["Content-Security-Policy"]
    assert not re.search(r"\sstyle=", html)
    assert "<style" not in html
    for tag in re.findall(r"<script[^>]*>", html):
        assert "src=" in tag or 'type="application/json"' in tag, tag


def test_the_presentation_video_has_no_source_until_the_page_asks_for_it(client):
    html = client.get("/").content.decode()
    video = re.search(r"<video[^>]*>(.*?)</video>", html, re.S)
    assert video is not None
    assert 'preload="none"' in video.group(0)
    assert " src=" not in video.group(1) and "data-src=" in video.group(1)
    for url in re.findall(r'data-src="([^"]+)"', video.group(1)):
        assert (FRONTEND / "build" / url.removeprefix("/static/")).is_file(), url


def test_a_visitor_saving_data_gets_the_page_marked_for_it(client):
    plain = client.get("/")
    saving = client.get("/", HTTP_SAVE_DATA="on")
    assert "data-save-data" not in plain.content.decode()
    assert '<html lang="fr" data-save-data>' in saving.content.decode()
    assert "Save-Data" in saving["Vary"]


def test_the_page_carries_the_sharing_and_search_tags(client):
    html = client.get("/").content.decode()
    assert '<html lang="fr"' in html
    assert "<title>Flux IA" in html
    assert '<meta name="description" content="Flux IA répond' in html
    assert '<meta property="og:title"' in html
    assert re.search(r'<meta property="og:image" content="http://testserver/static/img/og-image[^"]*\.jpg">', html)
    assert '<meta name="twitter:card" content="summary_large_image">' in html
    assert 'rel="icon"' in html


def test_the_font_is_self_hosted_and_swapped_in_not_preloaded(client):
    html = client.get("/").content.decode()
    assert 'rel="preload"' not in html
    stats = webpack_stats()
    css = next(name for name in stats["chunks"]["landing"] if name.endswith(".css"))
    style_sheet = (FRONTEND / "build" / css).read_text(encoding="utf-8")
    assert "font-display:swap" in style_sheet
    assert re.search(r"url\(/static/assets/inter-latin-wght-normal\.[0-9a-f]+\.woff2\)", style_sheet)
    assert not re.search(r"url\([\"']?(https?:)?//", style_sheet), "no font or image from another origin"


def test_the_shell_is_compressed_for_browsers_that_accept_gzip(client):
    response = client.get("/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert response["Content-Encoding"] == "gzip"
    assert len(response.content) < len(client.get("/").content) / 3


def test_without_a_prerendered_page_the_spa_renders_the_landing_page(client, monkeypatch, tmp_path):
    monkeypatch.setattr(spa, "LANDING_HTML_FILE", tmp_path / "missing.html")
    html = client.get("/").content.decode()
    assert '<div id="root"></div>' in html
    assert any(name in html for name in webpack_stats()["chunks"]["main"])
