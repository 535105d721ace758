#!/usr/bin/env bash
# Remakes the installable app's icons (client/icons/*.png, committed; the build copies them to /icons/) from
# the logo's mark (client/components/Logo.tsx, client/favicon.svg: a teal rounded square, a white open "C"
# and an amber dot), drawn with ImageMagick's own primitives (its SVG reader draws the "C"'s arc closed):
#   icon-192.png, icon-512.png   the mark as it is (rounded square), for the "any" purpose
#   icon-maskable-512.png        a full-bleed teal square, the "C" and the dot a tenth larger about the centre:
#                                they reach 62 % of the half-width, inside the safe zone (a circle of 80 %)
#   apple-touch-icon.png         180 px, full bleed, the same drawing (iOS rounds the corners itself)
# Run: bash scripts/makeIcons.sh (-strip: no timestamps, so a run changes no file unless the drawing did).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=client/icons
mkdir -p "$OUT"
TEAL='#0f6e6e'
AMBER='#f2a541'
# The "C": the favicon's arc "M21.5 11.2 a7 7 0 1 0 0 9.6" (radius 7 about 16.405,16, from 43.3° to 316.7°),
# as an open polyline of 97 points on the 32-unit grid.
ARC=$(awk 'BEGIN { pi = atan2(0, -1); for (i = 0; i <= 96; i++) { a = (43.3 + i * (316.7 - 43.3) / 96) * pi / 180; printf "%.3f,%.3f ", 16.405 + 7 * cos(a), 16 + 7 * sin(a) } }')

# icon SIZE CORNER_RADIUS GLYPH_SCALE FILE (radius and scale on the 32-unit grid of the mark)
icon() {
  local size=$1 radius=$2 k=$3 file=$4
  local s t
  s=$(awk -v n="$size" 'BEGIN { printf "%.5f", n / 32 }')
  # The glyph's transform: scale k about the centre (16,16), then to pixels.
  local gs gt
  gs=$(awk -v s="$s" -v k="$k" 'BEGIN { printf "%.5f", s * k }')
  gt=$(awk -v s="$s" -v k="$k" 'BEGIN { printf "%.5f", s * 16 * (1 - k) }')
  t=$(awk -v r="$radius" 'BEGIN { print (r > 0) ? "roundrectangle 0,0 31.96,31.96 " r "," r : "rectangle 0,0 32,32" }')
  convert -size "${size}x${size}" xc:none \
    -draw "affine $s,0,0,$s,0,0 fill $TEAL stroke none $t" \
    -draw "affine $gs,0,0,$gs,$gt,$gt fill none stroke white stroke-width 3.2 stroke-linecap round stroke-linejoin round polyline $ARC" \
    -draw "affine $gs,0,0,$gs,$gt,$gt fill $AMBER stroke none circle 22.6,16 24.8,16" \
    -depth 8 -strip "PNG32:$OUT/$file"
}
icon 192 7 1 icon-192.png
icon 512 7 1 icon-512.png
icon 512 0 1.1 icon-maskable-512.png
icon 180 0 1 apple-touch-icon.png
echo "Wrote $(ls "$OUT"/*.png | tr '\n' ' ')"
