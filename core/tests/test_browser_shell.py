import re

import pytest

pytestmark = [pytest.mark.browser]


def test_the_shell_renders_with_no_console_error_or_csp_violation(page, console, live_url):
    response = page.goto(live_url + "/")
    assert response.status == 200
    page.get_by_text("Technologie IA Made in Côte d'Ivoire").wait_for()
    assert console.errors == []


def test_an_unknown_page_is_a_404_with_the_not_found_page(page, console, live_url):
    response = page.goto(live_url + "/une/page/inexistante")
    assert response.status == 404
    page.get_by_text("Oops! Page not found").wait_for()
    page.get_by_role("link", name=re.compile("accueil", re.I)).click()
    page.wait_for_url(live_url + "/")
    # Chromium reports the document's own 404 status on the console; nothing else may appear.
    assert [e for e in console.errors if "status of 404" not in e] == []


def test_the_api_docs_render_with_the_network_closed(page, console, live_url):
    outside = []

    def only_local(route):
        if route.request.url.startswith(live_url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    page.goto(live_url + "/api/v1/docs")
    page.locator(".swagger-ui .info .title").wait_for(timeout=15000)
    assert "Flux IA API" in page.locator(".swagger-ui .info .title").inner_text()
    page.get_by_text("/api/v1/health").first.wait_for()
    assert outside == []
    assert console.csp_violations() == []
