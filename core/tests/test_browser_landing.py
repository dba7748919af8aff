"""The landing page and the not-found page in headless Chromium (issue 6).

Needs the production build, prerender included:
`cd frontend && flock /tmp/flux-build.lock npx webpack --mode production`.
"""

import json
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser]

NBSP = "\u00a0"
NARROW_NBSP = "\u202f"
VIDEO = re.compile(r"/static/assets/presentation\.[0-9a-f]+\.(webm|mp4)$")


def plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace(NBSP, " ")).strip()


def video_requests(page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url) if VIDEO.search(request.url) else None)
    return urls


def sign_in(page, first_name: str = "Awa") -> None:
    user = {"id": 7, "nom": "Kouadio", "prenom": first_name, "adresse_email": "awa@example.ci"}
    page.add_init_script(
        f"localStorage.setItem('flux_user', {json.dumps(json.dumps(user))});"
        "localStorage.setItem('flux_access_token', 'header.payload.signature');"
    )


def test_the_sections_come_in_the_specified_order_with_their_texts(page, console, live_url):
    response = page.goto(live_url + "/")
    assert response.status == 200
    texts = [
        "Technologie IA Made in Côte d'Ivoire",
        "Essai Gratuit",
        "Voir une démo",
        "+300 %",
        "de conversion",
        "-80 %",
        "de coûts opérationnels",
        "24/7",
        "IA conversationnelle ivoirienne",
        "Assistant email intelligent",
        "Logistique automatisée",
        "Analyses prédictives",
        "Connectez votre numéro WhatsApp",
        "Activez l'IA",
        "Suivez vos ventes et vos statistiques",
        "Flux IA en action",
        "Ils nous font confiance",
        "Questions fréquentes",
        "Comment fonctionne Flux IA ?",
        "Mes données sont-elles en sécurité ?",
        "Faut-il des compétences techniques pour l'utiliser ?",
        "Quelles langues et quels dialectes l'IA comprend-elle ?",
        "Comment contacter le support ?",
        "Starter",
        "Pro Business",
        "Enterprise",
        "Prêt à laisser l'IA travailler pour vous ?",
        "Produit",
        "Support",
        "Légal",
        "© 2025",
    ]
    page_text = plain(page.locator("body").text_content())
    position = 0
    for text in texts:
        assert text in page_text, f"missing: {text}"
        found = page_text.find(text, position)
        assert found >= 0, f"out of order: {text}"
        position = found + len(text)
    section_ids = page.locator("main > section[id]").evaluate_all("els => els.map(e => e.id)")
    assert section_ids == ["top", "features", "how-it-works", "demo", "testimonials", "faq", "pricing"]
    assert console.errors == []


def test_the_pricing_cards_show_the_exact_prices_lists_and_buttons(page, console, live_url):
    page.goto(live_url + "/")
    expected = {
        "Starter": (
            "78 800 F CFA / mois",
            [
                "500 conversations/mois",
                "1 000 messages de campagne / mois",
                "IA de base",
                "Intégration WhatsApp",
                "Support par email",
                "Analyses de base",
            ],
            "Commencer l'essai gratuit",
        ),
        "Pro Business": (
            "89 355 F CFA / mois",
            [
                "2000 conversations/mois",
                "5 000 messages de campagne / mois",
                "IA avancée + nouchi",
                "Assistant email intelligent",
                "Logistique automatisée",
                "Analyses prédictives",
                "Support prioritaire 24/7",
            ],
            "Démarrer maintenant",
        ),
        "Enterprise": (
            "Sur devis",
            [
                "Conversations illimitées",
                "Campagnes illimitées",
                "IA personnalisée",
                "Déploiement multi-sites",
                "Support dédié",
                "SLA garanti",
            ],
            "Nous contacter",
        ),
    }
    cards = page.locator("#pricing [data-plan]")
    assert cards.count() == 3
    for name, (price, features, button) in expected.items():
        card = page.locator(f'#pricing [data-plan="{name}"]')
        assert price in plain(card.text_content())
        assert [plain(t) for t in card.locator("ul li").all_text_contents()] == features
        link = card.get_by_role("link", name=button)
        assert link.get_attribute("href") == "/auth"
    assert "Le plus populaire" in plain(page.locator('[data-plan="Pro Business"]').text_content())
    assert "Le plus populaire" not in plain(page.locator('[data-plan="Starter"]').text_content())
    # Amounts are written as core.money writes them: narrow no-break spaces between thousands and a
    # no-break space before "F CFA", so the currency never wraps away from its number.
    assert f"78{NARROW_NBSP}800{NBSP}F CFA" in page.locator('[data-plan="Starter"]').text_content()
    assert page.get_by_role("link", name="Voir les tarifs").get_attribute("href") == "#pricing"
    assert console.errors == []


def test_the_hero_paints_before_any_javascript_runs(browser, live_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(live_url + "/")
    expect(page.get_by_text("Technologie IA Made in Côte d'Ivoire")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_role("link", name="Se connecter")).to_be_visible()
    context.close()


def test_the_header_anchors_scroll_to_features_and_pricing(page, console, live_url):
    page.goto(live_url + "/")
    header = page.locator("header")
    for label, section in [("Fonctionnalités", "#features"), ("Tarifs", "#pricing")]:
        header.get_by_role("link", name=label).click()
        page.wait_for_url(f"**/{section}")
        expect(page.locator(section).get_by_role("heading", level=2)).to_be_in_viewport()
        # The fixed header does not cover the section's title.
        page.wait_for_function(
            "s => Math.abs(document.querySelector(s).getBoundingClientRect().top"
            " - document.querySelector('header').getBoundingClientRect().bottom) < 40",
            arg=section,
        )
    assert header.evaluate("h => getComputedStyle(h).position") == "fixed"
    assert console.errors == []


def test_a_shared_link_to_the_pricing_lands_on_the_pricing(page, console, live_url):
    page.goto(live_url + "/#pricing")
    page.wait_for_function(
        "() => Math.abs(document.querySelector('#pricing').getBoundingClientRect().top"
        " - document.querySelector('header').getBoundingClientRect().bottom) < 40"
    )
    assert console.errors == []


def test_a_visitor_sees_the_sign_in_button(page, console, live_url):
    page.goto(live_url + "/")
    sign_in_link = page.locator("header").get_by_role("link", name="Se connecter")
    expect(sign_in_link).to_be_visible()
    assert sign_in_link.get_attribute("href") == "/auth"
    expect(page.get_by_role("link", name="Mon Dashboard")).to_be_hidden()
    assert console.errors == []


def test_a_signed_in_user_sees_their_first_name_and_the_dashboard_button(page, console, live_url):
    sign_in(page, "Awa")
    page.goto(live_url + "/")
    header = page.locator("header")
    expect(header.get_by_text("Awa", exact=True)).to_be_visible()
    dashboard = header.get_by_role("link", name="Mon Dashboard")
    expect(dashboard).to_be_visible()
    assert dashboard.get_attribute("href") == "/dashboard"
    expect(header.get_by_role("link", name="Se connecter")).to_be_hidden()
    assert console.errors == []


def test_a_corrupted_stored_user_leaves_the_visitor_header(page, console, live_url):
    page.add_init_script("localStorage.setItem('flux_user', '{not json');")
    page.goto(live_url + "/")
    expect(page.locator("header").get_by_role("link", name="Se connecter")).to_be_visible()
    assert console.errors == []


def test_the_video_autoplays_muted_in_a_loop_and_downloads_only_near_the_viewport(page, console, live_url):
    requested = video_requests(page)
    page.goto(live_url + "/")
    page.wait_for_load_state("networkidle")
    video = page.locator("#demo video")
    for attribute in ["autoplay", "muted", "loop", "playsinline"]:
        assert video.get_attribute(attribute) is not None, attribute
    assert video.get_attribute("preload") == "none"
    assert video.get_attribute("width") == "1280" and video.get_attribute("height") == "720"
    assert requested == [], "the clip must not download before the visitor scrolls near it"

    page.locator("#demo").scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const v = document.querySelector('#demo video'); return v.currentTime > 0 && !v.paused; }"
    )
    assert requested, "the clip downloads once it nears the viewport"
    assert video.evaluate("v => v.muted && v.loop && v.autoplay")
    page.wait_for_function("() => document.querySelector('#demo video').poster.includes('presentation-poster')")
    poster = page.locator("#demo picture img")
    assert poster.get_attribute("width") == "1280" and poster.get_attribute("loading") == "lazy"
    assert page.locator("#demo picture source[type='image/avif']").count() == 1
    assert page.locator("#demo picture source[type='image/webp']").count() == 1
    assert console.errors == []


def play_button_case(page, live_url, requested):
    page.goto(live_url + "/")
    page.locator("#demo").scroll_into_view_if_needed()
    play = page.get_by_role("button", name="Lire la vidéo de présentation")
    expect(play).to_be_visible()
    expect(page.locator("#demo picture img")).to_be_visible()
    page.wait_for_timeout(500)
    assert requested == []
    assert page.locator("#demo video").evaluate("v => v.paused && !v.autoplay")
    play.click()
    page.wait_for_function("() => !document.querySelector('#demo video').paused")
    for _ in range(50):  # the request event may reach Python a moment after playback starts
        if requested:
            break
        page.wait_for_timeout(100)
    assert requested
    expect(play).to_be_hidden()


def test_a_visitor_saving_data_gets_the_poster_and_a_play_button(page, console, live_url):
    requested = video_requests(page)
    page.set_extra_http_headers({"Save-Data": "on"})
    play_button_case(page, live_url, requested)
    assert console.errors == []


def test_a_visitor_preferring_reduced_motion_gets_the_poster_and_a_play_button(page, console, live_url):
    requested = video_requests(page)
    page.emulate_media(reduced_motion="reduce")
    play_button_case(page, live_url, requested)
    assert console.errors == []


def test_the_testimonials_carousel_scrolls_and_pauses_on_hover_and_focus(page, console, live_url):
    page.goto(live_url + "/")
    carousel = page.locator("[data-carousel]")
    carousel.scroll_into_view_if_needed()
    slides = carousel.locator("[data-carousel-slide]")
    assert slides.count() == 5
    for rating in slides.evaluate_all("els => els.map(e => Number(e.querySelector('[data-rating]').dataset.rating))"):
        assert 1 <= rating <= 5
    expect(carousel).to_have_attribute("data-state", "playing")
    track = carousel.locator("[data-carousel-track]")
    # It moves on its own...
    page.wait_for_function("() => document.querySelector('[data-carousel-track]').scrollLeft > 0", timeout=8000)

    page.mouse.move(0, 0)
    carousel.hover()
    expect(carousel).to_have_attribute("data-state", "paused")
    page.mouse.move(0, 0)
    expect(carousel).to_have_attribute("data-state", "playing")

    next_button = carousel.get_by_role("button", name="Témoignage suivant")
    next_button.focus()
    expect(carousel).to_have_attribute("data-state", "paused")
    before = track.evaluate("t => t.scrollLeft")
    page.keyboard.press("Enter")
    page.wait_for_function("b => document.querySelector('[data-carousel-track]').scrollLeft !== b", arg=before)

    toggle = carousel.get_by_role("button", name="Mettre en pause le défilement")
    toggle.click()
    expect(carousel.get_by_role("button", name="Reprendre le défilement")).to_be_visible()
    page.locator("h1").click()  # focus and pointer leave the carousel: it stays paused by choice
    expect(carousel).to_have_attribute("data-state", "paused")
    assert console.errors == []


def test_the_carousel_stays_still_under_reduced_motion(page, console, live_url):
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_url + "/")
    carousel = page.locator("[data-carousel]")
    carousel.scroll_into_view_if_needed()
    expect(carousel).to_have_attribute("data-state", "paused")
    expect(carousel.get_by_role("button", name="Reprendre le défilement")).to_be_visible()
    assert console.errors == []


def test_the_faq_is_an_accordion_usable_with_the_keyboard(page, console, live_url):
    page.goto(live_url + "/")
    questions = page.locator("#faq summary")
    assert questions.count() == 5
    answer = page.get_by_text("Pas du tout. Si vous savez utiliser WhatsApp")
    expect(answer).to_be_hidden()

    questions.nth(1).focus()
    page.keyboard.press("Tab")
    expect(questions.nth(2)).to_be_focused()
    page.keyboard.press("Enter")
    expect(answer).to_be_visible()
    page.keyboard.press("Space")
    expect(answer).to_be_hidden()

    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    # One answer at a time: opening a question closes the other.
    expect(page.get_by_text("Oui. Les échanges sont chiffrés")).to_be_visible()
    expect(answer).to_be_hidden()
    assert console.errors == []


def test_nothing_scrolls_sideways_on_a_390_px_phone(page, console, live_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_url + "/")
    page.mouse.wheel(0, 20000)
    page.wait_for_timeout(500)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The anchors stay reachable on a phone.
    expect(page.locator("header").get_by_role("link", name="Tarifs")).to_be_visible()
    expect(page.locator("header").get_by_role("link", name="Se connecter")).to_be_visible()
    assert console.errors == []


def test_an_unknown_page_says_not_found_logs_the_path_and_links_home(page, console, live_url):
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    response = page.goto(live_url + "/tarifs-secrets")
    assert response.status == 404
    expect(page.get_by_text("Oops! Page not found")).to_be_visible()
    page.wait_for_function("() => true")
    assert any("/tarifs-secrets" in text for text in warnings)

    home = page.get_by_role("link", name="Retour à l'accueil")
    assert home.get_attribute("href") == "/"
    home.click()
    page.wait_for_url(live_url + "/")
    # The SPA renders the same landing component, with the same behaviour.
    expect(page.get_by_text("Technologie IA Made in Côte d'Ivoire")).to_be_visible()
    expect(page.locator("[data-plan='Pro Business']")).to_contain_text("89")
    expect(page.locator("[data-carousel]")).to_have_attribute("data-state", re.compile("playing|paused"))
    assert [e for e in console.errors if "status of 404" not in e] == []
