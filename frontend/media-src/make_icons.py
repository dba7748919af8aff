"""Génère les icônes PNG/ICO de Flux IA à partir de la même géométrie que static/img/favicon.svg.

Grille 64x64 : carré arrondi émeraude (#059669, rayon 16), « F » blanc, point orange (#f97316).
Dessin en très haute résolution puis réduction (LANCZOS) pour un anticrénelage propre.

Usage : python make_icons.py <dossier static/>
"""
import sys
from pathlib import Path

from PIL import Image, ImageDraw

GREEN = (5, 150, 105, 255)
WHITE = (255, 255, 255, 255)
ORANGE = (249, 115, 22, 255)
F_POLYGON = [(20, 15), (46, 15), (46, 23), (29, 23), (29, 30), (43, 30), (43, 38), (29, 38), (29, 49), (20, 49)]


def draw_mark(size: int, full_bleed: bool = False, inset: float = 0.0) -> Image.Image:
    """full_bleed : fond carré plein (apple-touch-icon, iOS arrondit lui-même).
    inset : marge relative autour du dessin du « F » (0.1 = 10 %)."""
    big = 1024
    s = big / 64
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if full_bleed:
        d.rectangle([0, 0, big, big], fill=GREEN)
    else:
        d.rounded_rectangle([0, 0, big - 1, big - 1], radius=16 * s, fill=GREEN)
    k = 1 - 2 * inset
    off = inset * big

    def tr(x, y):
        return (off + x * s * k, off + y * s * k)

    d.polygon([tr(x, y) for x, y in F_POLYGON], fill=WHITE)
    cx, cy = tr(46, 45)
    r = 6 * s * k
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ORANGE)
    return img.resize((size, size), Image.LANCZOS)


def main(static_dir: Path) -> None:
    img_dir = static_dir / "img"
    img_dir.mkdir(parents=True, exist_ok=True)
    draw_mark(32).save(img_dir / "favicon-32.png", optimize=True)
    touch = draw_mark(180, full_bleed=True, inset=0.1).convert("RGB")
    touch.save(img_dir / "apple-touch-icon.png", optimize=True)
    # favicon.ico : 16, 32 et 48 px, chaque taille dessinée séparément.
    sizes = [16, 32, 48]
    frames = [draw_mark(n) for n in sizes]
    frames[-1].save(static_dir / "favicon.ico", format="ICO", sizes=[(n, n) for n in sizes],
                    append_images=frames[:-1])


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "static"))
