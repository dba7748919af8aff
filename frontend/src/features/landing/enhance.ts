/** The landing page's behaviour, in plain DOM code.
 *
 * The markup comes from the React components, prerendered at build time. On "/" the small
 * `landing` entry runs this on that HTML (no React download); when the SPA navigates to "/",
 * LandingPage runs the same function from an effect. One markup, one behaviour, two ways in.
 */

export interface LandingEnvironment {
  storage: Pick<Storage, "getItem"> | null;
  /** The visitor asked to save data (Save-Data header seen by Django, or navigator.connection). */
  saveData: boolean;
  reducedMotion: boolean;
  /** Milliseconds between two testimonials. */
  carouselInterval: number;
}

type Cleanup = () => void;

interface NetworkInformationLike {
  saveData?: boolean;
}

export function browserEnvironment(): LandingEnvironment {
  let storage: Storage | null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null; // Storage disabled (private mode, blocked cookies): the visitor header stays.
  }
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return {
    storage,
    saveData: document.documentElement.hasAttribute("data-save-data") || connection?.saveData === true,
    reducedMotion: window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false,
    carouselInterval: 5000,
  };
}

/** The signed-in user's first name, from the `flux_user` JSON the auth screens keep. */
export function signedInFirstName(storage: LandingEnvironment["storage"]): string | null {
  let raw: string | null;
  try {
    raw = storage?.getItem("flux_user") ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    if (user && typeof user === "object" && "prenom" in user && typeof user.prenom === "string") {
      return user.prenom.trim() || null;
    }
  } catch {
    // A corrupted value is treated as signed out.
  }
  return null;
}

function enhanceHeader(root: Element, env: LandingEnvironment): Cleanup {
  const firstName = signedInFirstName(env.storage);
  const visitor = root.querySelector<HTMLElement>("[data-visitor]");
  const member = root.querySelector<HTMLElement>("[data-member]");
  const name = root.querySelector<HTMLElement>("[data-member-name]");
  if (firstName && visitor && member && name) {
    name.textContent = firstName;
    member.hidden = false;
    visitor.hidden = true;
  }
  return () => {};
}

function enhanceVideo(root: Element, env: LandingEnvironment): Cleanup {
  const box = root.querySelector<HTMLElement>("[data-video]");
  const video = box?.querySelector<HTMLVideoElement>("[data-video-player]");
  const poster = box?.querySelector<HTMLImageElement>("[data-video-poster]");
  const playButton = box?.querySelector<HTMLButtonElement>("[data-video-play]");
  if (!box || !video || !playButton) return () => {};

  video.muted = true; // React sets `muted` as a property only; autoplay needs it.
  const loadSources = () => {
    const pending = video.querySelectorAll<HTMLSourceElement>("source[data-src]");
    if (pending.length === 0) return;
    pending.forEach((source) => {
      source.src = source.dataset.src ?? "";
      source.removeAttribute("data-src");
    });
    video.load();
    // The <picture> picked the best format the browser takes: reuse that very file as the poster
    // (a cache hit), once it is known.
    if (poster) {
      const adoptPoster = () => {
        if (poster.currentSrc) video.poster = poster.currentSrc;
      };
      if (poster.complete) adoptPoster();
      else poster.addEventListener("load", adoptPoster, { once: true });
    }
  };
  const showPlayButton = () => {
    playButton.hidden = false;
  };
  const onPlayClick = () => {
    loadSources();
    playButton.hidden = true;
    video.controls = true;
    video.play().catch(showPlayButton);
  };
  playButton.addEventListener("click", onPlayClick);
  const removeClick = () => playButton.removeEventListener("click", onPlayClick);

  if (env.saveData || env.reducedMotion) {
    // The poster and a play button: nothing moves and nothing downloads until asked.
    video.autoplay = false;
    video.removeAttribute("autoplay");
    showPlayButton();
    return removeClick;
  }

  if (typeof IntersectionObserver === "undefined") {
    loadSources();
    return removeClick;
  }
  // Start downloading a little before the player scrolls into view; pause it when it leaves.
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.some((entry) => entry.isIntersecting);
      if (near) {
        const firstTime = video.querySelector("source[data-src]") !== null;
        loadSources();
        if (!firstTime && video.paused && !video.controls) video.play().catch(showPlayButton);
      } else if (!video.paused && !video.controls) {
        video.pause();
      }
    },
    { rootMargin: "300px 0px" },
  );
  observer.observe(box);
  return () => {
    observer.disconnect();
    removeClick();
  };
}

function enhanceCarousel(root: Element, env: LandingEnvironment): Cleanup {
  const carousel = root.querySelector<HTMLElement>("[data-carousel]");
  const track = carousel?.querySelector<HTMLElement>("[data-carousel-track]");
  const slides = carousel ? Array.from(carousel.querySelectorAll<HTMLElement>("[data-carousel-slide]")) : [];
  const previous = carousel?.querySelector<HTMLButtonElement>("[data-carousel-prev]");
  const next = carousel?.querySelector<HTMLButtonElement>("[data-carousel-next]");
  const toggle = carousel?.querySelector<HTMLButtonElement>("[data-carousel-toggle]");
  if (!carousel || !track || slides.length === 0 || !previous || !next || !toggle) return () => {};

  // Reduced motion: the carousel never moves on its own (the visitor may still start it).
  let pausedByVisitor = env.reducedMotion;
  let hovered = false;
  let focused = false;
  let onScreen = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const slideStep = () => {
    const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
    return slides[0].getBoundingClientRect().width + gap;
  };
  const go = (direction: 1 | -1) => {
    const max = track.scrollWidth - track.clientWidth;
    let left = track.scrollLeft + direction * slideStep();
    if (left > max + 1) left = 0;
    else if (left < -1) left = max;
    track.scrollTo({ left, behavior: env.reducedMotion ? "auto" : "smooth" });
  };

  const labels = {
    pause: toggle.querySelector(".sr-only")?.textContent ?? "",
    resume: toggle.dataset.resumeLabel ?? "",
  };
  const render = (running: boolean) => {
    carousel.dataset.state = running ? "playing" : "paused";
    const label = toggle.querySelector(".sr-only");
    if (label) label.textContent = pausedByVisitor ? labels.resume : labels.pause;
    toggle.querySelector('[data-when="playing"]')?.classList.toggle("hidden", pausedByVisitor);
    toggle.querySelector('[data-when="paused"]')?.classList.toggle("hidden", !pausedByVisitor);
  };
  const sync = () => {
    const running = !pausedByVisitor && !hovered && !focused && onScreen && !document.hidden;
    if (running && timer === undefined) timer = setInterval(() => go(1), env.carouselInterval);
    if (!running && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
    render(running);
  };

  const listeners: [EventTarget, string, EventListener][] = [
    [carousel, "mouseenter", () => ((hovered = true), sync())],
    [carousel, "mouseleave", () => ((hovered = false), sync())],
    [carousel, "focusin", () => ((focused = true), sync())],
    [carousel, "focusout", (event) => {
      focused = carousel.contains((event as FocusEvent).relatedTarget as Node | null);
      sync();
    }],
    [document, "visibilitychange", () => sync()],
    [previous, "click", () => go(-1)],
    [next, "click", () => go(1)],
    [toggle, "click", () => ((pausedByVisitor = !pausedByVisitor), sync())],
  ];
  listeners.forEach(([target, type, listener]) => target.addEventListener(type, listener));

  let observer: IntersectionObserver | undefined;
  if (typeof IntersectionObserver === "undefined") {
    onScreen = true;
  } else {
    observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      sync();
    });
    observer.observe(carousel);
  }
  sync();

  return () => {
    observer?.disconnect();
    listeners.forEach(([target, type, listener]) => target.removeEventListener(type, listener));
    if (timer !== undefined) clearInterval(timer);
  };
}

/** Sections marked data-deferred are laid out only near the viewport, with an estimated height
 * until then: a jump to an anchor past them would land off target. Lay them all out first, before
 * the browser scrolls (a click listener runs before the link's default action). */
function enhanceAnchors(root: Element): Cleanup {
  const layOutEverything = () => {
    root.querySelectorAll("[data-deferred]").forEach((section) => section.removeAttribute("data-deferred"));
  };
  const onClick = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[href^='#']");
    if (link) layOutEverything();
  };
  root.addEventListener("click", onClick, true);
  // Arriving with a fragment (/#pricing): the browser already scrolled with estimated heights.
  const target = window.location.hash.length > 1 ? document.getElementById(window.location.hash.slice(1)) : null;
  if (target && root.contains(target)) {
    layOutEverything();
    target.scrollIntoView();
  }
  return () => root.removeEventListener("click", onClick, true);
}

/** Wires the header, the video and the carousel inside `root`; returns a function undoing it. */
export function enhanceLanding(root: Element, env: LandingEnvironment = browserEnvironment()): Cleanup {
  const cleanups = [
    enhanceHeader(root, env),
    enhanceAnchors(root),
    enhanceVideo(root, env),
    enhanceCarousel(root, env),
  ];
  return () => cleanups.forEach((cleanup) => cleanup());
}
