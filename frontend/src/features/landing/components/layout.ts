/** Marks a section below the fold: on "/", landing.css lets the browser skip its style, layout
 * and paint until it nears the viewport (content-visibility), which shortens the first render on
 * a slow phone. enhance.ts lifts it before any in-page jump, so anchors land exactly. */
export const renderWhenNear = { "data-deferred": "" } as const;
