#!/usr/bin/env bash
# Fabrique le clip de présentation de la page d'accueil de Flux IA et les images associées.
#
#   frontend/media-src/scene-*.html  --(chromium headless)-->  frames/*.png
#   frames/*.png                     --(ffmpeg, fondus xfade)-->  static/landing/presentation.{webm,mp4}
#   frames/scene-3-accueil.png       --> static/landing/presentation-poster.{avif,webp,jpg}
#   og-image.html                    --> static/img/og-image.jpg (1200x630)
#   make_icons.py                    --> static/img/favicon-32.png, apple-touch-icon.png, static/favicon.ico
#                                        (static/img/favicon.svg est la source vectorielle du logo)
#
# Prérequis (Debian) : chromium, ffmpeg (libx264, libvpx-vp9), fonts-inter, fonts-noto-color-emoji,
# Python 3 avec Pillow >= 11.2 (AVIF). Non exécuté en CI : ce script documente la fabrication.
#
# Usage : frontend/media-src/build_video.sh            (depuis n'importe où)
#         FRAMES_DIR=/tmp/frames PYTHON=python3 frontend/media-src/build_video.sh
set -euo pipefail

SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$SRC_DIR/../.." && pwd)"
FRAMES="${FRAMES_DIR:-$SRC_DIR/frames}"      # ignoré par git (voir .gitignore)
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
[ -x "$PYTHON" ] || PYTHON=python3
OUT="$ROOT/static/landing"
FPS=25
mkdir -p "$FRAMES" "$OUT" "$ROOT/static/img"

CHROMIUM="${CHROMIUM:-chromium}"
CHROME_FLAGS=(--headless --no-sandbox --disable-gpu --disable-background-networking
  --disable-component-update --disable-sync --no-first-run --hide-scrollbars
  --force-device-scale-factor=1)

shot() { # shot <page.html[?query]> <sortie.png> [largeur] [hauteur]
  "$CHROMIUM" "${CHROME_FLAGS[@]}" --window-size="${3:-1280},${4:-720}" \
    --screenshot="$2" "file://$SRC_DIR/$1" >/dev/null 2>&1
  [ -s "$2" ] || { echo "échec du rendu de $1" >&2; exit 1; }
}

echo "1/4 Rendu des scènes (1280x720)"
shot scene-1-titre.html "$FRAMES/scene-1-titre.png"
for step in 1 2 3 4 5; do  # la conversation WhatsApp s'affiche message par message
  shot "scene-2-whatsapp.html?step=$step" "$FRAMES/scene-2-whatsapp-$step.png"
done
shot scene-3-accueil.html "$FRAMES/scene-3-accueil.png"
shot scene-4-logistique.html "$FRAMES/scene-4-logistique.png"
shot scene-5-emails.html "$FRAMES/scene-5-emails.png"
shot scene-6-essai.html "$FRAMES/scene-6-essai.png"
shot og-image.html "$FRAMES/og-image.png" 1200 630

echo "2/4 Montage et encodage"
# image | durée d'affichage (s) | transition vers l'image suivante | durée de la transition (s)
SEGMENTS=(
  "scene-1-titre.png        2.8 fade        0.6"
  "scene-2-whatsapp-1.png   1.3 fade        0.25"
  "scene-2-whatsapp-2.png   1.6 fade        0.25"
  "scene-2-whatsapp-3.png   1.2 fade        0.25"
  "scene-2-whatsapp-4.png   1.6 fade        0.25"
  "scene-2-whatsapp-5.png   2.2 fade        0.6"
  "scene-3-accueil.png      3.2 smoothleft  0.6"
  "scene-4-logistique.png   3.0 smoothleft  0.6"
  "scene-5-emails.png       3.0 fade        0.6"
  "scene-6-essai.png        3.0 -           0"
)
inputs=(); filter=""; prev=""; elapsed=0; n=${#SEGMENTS[@]}
for i in "${!SEGMENTS[@]}"; do
  read -r img dur trans tdur <<<"${SEGMENTS[$i]}"
  inputs+=(-loop 1 -framerate "$FPS" -t "$dur" -i "$FRAMES/$img")
  filter+="[$i:v]fps=$FPS,format=yuv420p,setsar=1[s$i];"
  if [ "$i" -eq 0 ]; then
    prev="s0"; elapsed="$dur"
  else
    read -r _ _ ptrans ptdur <<<"${SEGMENTS[$((i - 1))]}"
    offset=$(awk -v e="$elapsed" -v t="$ptdur" 'BEGIN{printf "%.3f", e - t}')
    filter+="[$prev][s$i]xfade=transition=$ptrans:duration=$ptdur:offset=$offset[x$i];"
    prev="x$i"
    elapsed=$(awk -v e="$elapsed" -v t="$ptdur" -v d="$dur" 'BEGIN{printf "%.3f", e - t + d}')
  fi
done
filter+="[$prev]format=yuv420p[out]"
echo "   durée prévue : ${elapsed} s, $n plans"

# H.264 (lecture universelle, Safari/iOS) : yuv420p, moov en tête (+faststart), sans piste audio.
ffmpeg -y -hide_banner -loglevel error "${inputs[@]}" -filter_complex "$filter" -map "[out]" -an \
  -c:v libx264 -preset veryslow -tune animation -crf 25 -profile:v high -level 4.0 \
  -pix_fmt yuv420p -r "$FPS" -g 250 -movflags +faststart "$OUT/presentation.mp4"

# VP9 (Chrome, Firefox, Edge) en deux passes, qualité constante.
ffmpeg -y -hide_banner -loglevel error "${inputs[@]}" -filter_complex "$filter" -map "[out]" -an \
  -c:v libvpx-vp9 -b:v 0 -crf 36 -row-mt 1 -deadline good -cpu-used 1 -g 250 \
  -pix_fmt yuv420p -r "$FPS" -pass 1 -passlogfile "$FRAMES/vp9" -f webm /dev/null
ffmpeg -y -hide_banner -loglevel error "${inputs[@]}" -filter_complex "$filter" -map "[out]" -an \
  -c:v libvpx-vp9 -b:v 0 -crf 36 -row-mt 1 -deadline good -cpu-used 1 -g 250 \
  -pix_fmt yuv420p -r "$FPS" -pass 2 -passlogfile "$FRAMES/vp9" "$OUT/presentation.webm"

echo "3/4 Affiche (scène tableau de bord) et image de partage"
"$PYTHON" - "$FRAMES" "$OUT" "$ROOT/static/img" <<'PY'
import io, sys
from pathlib import Path
from PIL import Image

frames, out, img_dir = map(Path, sys.argv[1:4])

def save_under(im, path, fmt, budget, qualities, **kw):
    """Enregistre avec la meilleure qualité qui tient dans le budget (octets)."""
    for q in qualities:
        buf = io.BytesIO()
        im.save(buf, fmt, quality=q, **kw)
        if buf.tell() <= budget:
            break
    path.write_bytes(buf.getvalue())
    print(f"   {path.name}: {buf.tell()} octets (qualité {q})")

poster = Image.open(frames / "scene-3-accueil.png").convert("RGB")
save_under(poster, out / "presentation-poster.avif", "AVIF", 80_000, range(70, 20, -5), speed=4)
save_under(poster, out / "presentation-poster.webp", "WEBP", 80_000, range(85, 30, -5), method=6)
save_under(poster, out / "presentation-poster.jpg", "JPEG", 80_000, range(85, 30, -5),
           optimize=True, progressive=True, subsampling="4:2:0")
og = Image.open(frames / "og-image.png").convert("RGB")
save_under(og, img_dir / "og-image.jpg", "JPEG", 150_000, range(88, 40, -4),
           optimize=True, progressive=True)
PY

echo "4/4 Icônes"
"$PYTHON" "$SRC_DIR/make_icons.py" "$ROOT/static"

ls -l "$OUT" "$ROOT/static/img" "$ROOT/static/favicon.ico"
ffprobe -v error -show_entries format=duration:stream=codec_name,width,height,pix_fmt \
  -of compact "$OUT/presentation.mp4"
ffprobe -v error -show_entries format=duration:stream=codec_name,width,height,pix_fmt \
  -of compact "$OUT/presentation.webm"
