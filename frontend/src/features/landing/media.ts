// The presentation clip and its poster (made from frontend/media-src/). Imported, not linked, so
// webpack gives them content-hashed names (cached for a year) and the prerender sees the same URLs.
import posterAvif from "../../../../static/landing/presentation-poster.avif";
import posterJpg from "../../../../static/landing/presentation-poster.jpg";
import posterWebp from "../../../../static/landing/presentation-poster.webp";
import videoMp4 from "../../../../static/landing/presentation.mp4";
import videoWebm from "../../../../static/landing/presentation.webm";

export const presentation = {
  webm: videoWebm,
  mp4: videoMp4,
  poster: { avif: posterAvif, webp: posterWebp, jpg: posterJpg },
  width: 1280,
  height: 720,
} as const;
