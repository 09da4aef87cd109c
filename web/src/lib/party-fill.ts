import type { CSSProperties } from 'react';
import { partyColour, type PartyColour } from '@shared/reference/party-colours';

// How a party's colour and pattern (shared/reference/party-colours.ts) are painted: as CSS for a
// badge's swatch and as a canvas fill for Chart.js, so both draw the same thing.
const PATTERN_INK = 'rgba(255, 255, 255, 0.85)';

export function partySwatchStyle({ colour, pattern }: PartyColour): CSSProperties {
  if (pattern === 'stripes') return { backgroundColor: colour, backgroundImage: `repeating-linear-gradient(45deg, transparent 0 2px, ${PATTERN_INK} 2px 3px)` };
  if (pattern === 'dots') return { backgroundColor: colour, backgroundImage: `radial-gradient(${PATTERN_INK} 30%, transparent 35%)`, backgroundSize: '4px 4px' };
  return { backgroundColor: colour };
}

// A repeating tile for the chart; the plain colour where there is no canvas (tests, old browsers).
export function partyChartFill({ colour, pattern }: PartyColour): string | CanvasPattern {
  if (pattern === 'solid' || typeof document === 'undefined') return colour;
  const tile = document.createElement('canvas');
  tile.width = 10;
  tile.height = 10;
  const context = tile.getContext?.('2d');
  if (!context) return colour;
  context.fillStyle = colour;
  context.fillRect(0, 0, 10, 10);
  context.fillStyle = PATTERN_INK;
  context.strokeStyle = PATTERN_INK;
  if (pattern === 'stripes') {
    context.lineWidth = 2;
    context.beginPath();
    // Diagonals drawn past the corners so the tile repeats without seams.
    for (const offset of [-10, 0, 10]) {
      context.moveTo(offset, 10);
      context.lineTo(offset + 10, 0);
    }
    context.stroke();
  } else {
    context.beginPath();
    context.arc(5, 5, 1.8, 0, Math.PI * 2);
    context.fill();
  }
  return context.createPattern(tile, 'repeat') ?? colour;
}

// The doughnut's fills for its preference rows, in order: the same table the badges read.
export function partyChartFills(parties: readonly (string | null)[]): (string | CanvasPattern)[] {
  return parties.map((party) => partyChartFill(partyColour(party)));
}
