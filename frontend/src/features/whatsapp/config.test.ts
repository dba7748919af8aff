import { afterEach, describe, expect, it } from "vitest";

import { isSecurePage, readFacebookConfig } from "./config";

function pageConfig(text: string) {
  const script = document.createElement("script");
  script.id = "flux-config";
  script.type = "application/json";
  script.textContent = text;
  document.body.appendChild(script);
}

afterEach(() => {
  document.getElementById("flux-config")?.remove();
  delete window.__FLUX_TEST_SECURE_PAGE__;
});

describe("readFacebookConfig", () => {
  it("reads the app and Embedded Signup configuration ids the server put in the page", () => {
    pageConfig(JSON.stringify({ facebook_app_id: "123", facebook_config_id: "456" }));

    expect(readFacebookConfig()).toEqual({ appId: "123", configId: "456", testSecurePage: false });
  });

  it("falls back to empty ids when the page has no config or a broken one", () => {
    expect(readFacebookConfig()).toEqual({ appId: "", configId: "", testSecurePage: false });
    pageConfig("{not json");
    expect(readFacebookConfig()).toEqual({ appId: "", configId: "", testSecurePage: false });
  });
});

describe("isSecurePage", () => {
  const config = { appId: "1", configId: "", testSecurePage: false };

  it("is false on the http test page and true once a test marks the page secure", () => {
    expect(window.location.protocol).toBe("http:");
    expect(isSecurePage(config)).toBe(false);

    window.__FLUX_TEST_SECURE_PAGE__ = true;
    expect(isSecurePage(config)).toBe(true);
    expect(isSecurePage({ ...config, testSecurePage: false }, { location: { protocol: "https:" } } as Window)).toBe(true);
  });
});
