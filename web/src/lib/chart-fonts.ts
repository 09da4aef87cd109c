import { Chart as ChartJS } from 'chart.js';
import { useEffect, useState } from 'react';

// The app's own faces (web/src/fonts.css), so Marathi, Hindi and Gujarati labels draw the same on
// every phone instead of as empty boxes.
ChartJS.defaults.font.family = '"Inter", "Noto Sans Devanagari", "Noto Sans Gujarati", ui-sans-serif, system-ui, sans-serif';

// A canvas never asks for a web font itself: load the faces the text needs, then draw again (the
// count changes once they are in; give it to the chart as a key or a redraw trigger).
export function useChartFonts(text: string): number {
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    if (typeof document === 'undefined' || !('fonts' in document)) return;
    let live = true;
    void Promise.all([document.fonts.load('12px "Noto Sans Devanagari"', text), document.fonts.load('12px "Noto Sans Gujarati"', text)]).then(() => {
      if (live) setLoads((count) => count + 1);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return loads;
}
