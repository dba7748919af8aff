import { renderToStaticMarkup } from "react-dom/server";

import LandingPage from "./LandingPage";
import { enhanceLanding, signedInFirstName, type LandingEnvironment } from "./enhance";

function storageWith(values: Record<string, string>): LandingEnvironment["storage"] {
  return { getItem: (key: string) => values[key] ?? null };
}

function environment(overrides: Partial<LandingEnvironment> = {}): LandingEnvironment {
  return { storage: storageWith({}), saveData: false, reducedMotion: false, carouselInterval: 5000, ...overrides };
}

/** The prerendered page, as the landing entry finds it in the document. */
function mountPrerendered(): Element {
  document.body.innerHTML = `<div id="root">${renderToStaticMarkup(<LandingPage />)}</div>`;
  return document.querySelector("[data-landing]")!;
}

describe("the signed-in user's first name", () => {
  it("comes from the flux_user JSON", () => {
    expect(signedInFirstName(storageWith({ flux_user: JSON.stringify({ prenom: " Awa ", nom: "Koné" }) }))).toBe("Awa");
  });

  it("is absent for a visitor, a corrupted value or a user without a first name", () => {
    expect(signedInFirstName(storageWith({}))).toBeNull();
    expect(signedInFirstName(storageWith({ flux_user: "{oops" }))).toBeNull();
    expect(signedInFirstName(storageWith({ flux_user: JSON.stringify({ prenom: "" }) }))).toBeNull();
    expect(signedInFirstName(storageWith({ flux_user: "null" }))).toBeNull();
    expect(signedInFirstName(null)).toBeNull();
  });

  it("is absent when reading storage throws", () => {
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(signedInFirstName(throwing)).toBeNull();
  });
});

describe("enhancing the prerendered landing page", () => {
  beforeEach(() => {
    // jsdom has neither: the page must still work (sources set at once, carousel running).
    vi.stubGlobal("IntersectionObserver", undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("keeps the visitor's sign-in button when nobody is signed in", () => {
    const root = mountPrerendered();
    enhanceLanding(root, environment());
    expect(root.querySelector<HTMLElement>("[data-visitor]")!.hidden).toBe(false);
    expect(root.querySelector<HTMLElement>("[data-member]")!.hidden).toBe(true);
  });

  it("shows the member's first name and dashboard button instead", () => {
    const root = mountPrerendered();
    enhanceLanding(root, environment({ storage: storageWith({ flux_user: JSON.stringify({ prenom: "Yao" }) }) }));
    expect(root.querySelector<HTMLElement>("[data-visitor]")!.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>("[data-member]")!.hidden).toBe(false);
    expect(root.querySelector("[data-member-name]")!.textContent).toBe("Yao");
  });

  it("gives a visitor saving data the play button and no video source", () => {
    const root = mountPrerendered();
    enhanceLanding(root, environment({ saveData: true }));
    const video = root.querySelector("video")!;
    expect(root.querySelector<HTMLButtonElement>("[data-video-play]")!.hidden).toBe(false);
    expect(video.autoplay).toBe(false);
    expect(video.querySelectorAll("source[src]")).toHaveLength(0);
  });

  it("starts the carousel paused under reduced motion, and running otherwise", () => {
    const calm = mountPrerendered();
    const undo = enhanceLanding(calm, environment({ reducedMotion: true }));
    expect(calm.querySelector<HTMLElement>("[data-carousel]")!.dataset.state).toBe("paused");
    expect(calm.querySelector("[data-carousel-toggle] .sr-only")!.textContent).toBe("Reprendre le défilement");
    undo();

    const moving = mountPrerendered();
    enhanceLanding(moving, environment())();
    expect(moving.querySelector<HTMLElement>("[data-carousel]")!.dataset.state).toBe("playing");
  });

  it("pauses the carousel while the pointer is over it", () => {
    const root = mountPrerendered();
    const undo = enhanceLanding(root, environment());
    const carousel = root.querySelector<HTMLElement>("[data-carousel]")!;
    carousel.dispatchEvent(new MouseEvent("mouseenter"));
    expect(carousel.dataset.state).toBe("paused");
    carousel.dispatchEvent(new MouseEvent("mouseleave"));
    expect(carousel.dataset.state).toBe("playing");
    undo();
  });
});
