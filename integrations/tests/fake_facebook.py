"""A fake Facebook JavaScript SDK for browser tests, served at the real SDK's URL by Playwright.

Usage (the dashboard's browser tests can use it as is)::

    sdk_requests = route_facebook_sdk(page, SDK_SUCCESS)   # or SDK_CANCELLED, fake_sdk(...), None (404)
    page.goto(...)                                          # then open the panel and click Connecter

The fake records ``FB.init``'s parameters in ``window.__fbInitCalls`` and ``FB.login``'s options
in ``window.__fbLoginOptions`` (read them with ``page.evaluate``).
"""

import json

SDK_URL = "https://connect.facebook.net/fr_FR/sdk.js"
FB_TOKEN = "EAAGbrowserSecretToken77"
SIGNUP_CODE = "AQBbrowserSignupCode-42"
SIGNUP_FRAME_URL = "https://www.facebook.com/__fake_embedded_signup"


def fake_sdk(
    *, login_response: dict | None = None, login_throws: bool = False, embedded_signup: dict | None = None
) -> str:
    """A stand-in for Facebook's sdk.js: defines window.FB and calls window.fbAsyncInit like it.

    With ``embedded_signup`` (``{"waba_id": ..., "phone_number_id": ...}``), FB.login first opens
    an iframe on https://www.facebook.com (see ``route_facebook_sdk``) that posts the
    WA_EMBEDDED_SIGNUP FINISH message to the page, as Meta's signup window does, and answers once
    that message has been delivered.
    """
    answer = f"callback({json.dumps(login_response)});"
    if login_throws:
        login_body = 'throw new Error("popup blocked");'
    elif embedded_signup:
        query = "&".join(f"{key}={value}" for key, value in embedded_signup.items())
        login_body = f"""
    window.addEventListener("message", function onSignup(event) {{
      if (String(event.data).indexOf("WA_EMBEDDED_SIGNUP") === -1) return;
      window.removeEventListener("message", onSignup);
      setTimeout(function () {{ {answer} }}, 50);
    }});
    var frame = document.createElement("iframe");
    frame.src = "{SIGNUP_FRAME_URL}?{query}";
    frame.style.display = "none";
    document.body.appendChild(frame);"""
    else:
        login_body = f"setTimeout(function () {{ {answer} }}, 50);"
    return f"""
window.FB = {{
  init: function (params) {{ window.__fbInitCalls = (window.__fbInitCalls || []).concat([params]); }},
  login: function (callback, options) {{
    window.__fbLoginOptions = options;
    {login_body}
  }}
}};
if (typeof window.fbAsyncInit === "function") window.fbAsyncInit();
"""


SIGNUP_FRAME_HTML = """<!doctype html><script>
var params = new URLSearchParams(location.search);
parent.postMessage(JSON.stringify({type: "WA_EMBEDDED_SIGNUP", event: "FINISH",
  data: {waba_id: params.get("waba_id"), phone_number_id: params.get("phone_number_id")}}), "*");
</script>"""


SDK_SUCCESS = fake_sdk(login_response={"status": "connected", "authResponse": {"accessToken": FB_TOKEN}})
SDK_CANCELLED = fake_sdk(login_response={"status": "unknown", "authResponse": None})


def route_facebook_sdk(page, sdk: str | None) -> list[str]:
    """Answer the SDK's URL with ``sdk`` (or a 404 when None); return the list of requests seen."""
    requests: list[str] = []

    def serve(route):
        requests.append(route.request.url)
        if sdk is None:
            route.fulfill(status=404, body="introuvable")
        else:
            route.fulfill(body=sdk, content_type="application/javascript")

    page.route(SDK_URL, serve)
    page.route(f"{SIGNUP_FRAME_URL}**", lambda route: route.fulfill(body=SIGNUP_FRAME_HTML, content_type="text/html"))
    return requests
