// Small SVG charts for the odds panel, drawn from numbers the rules computed. No library; text via textContent.
const SVG = "http://www.w3.org/2000/svg";

function node(tag, attributes = {}, text = "") {
  const item = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) item.setAttribute(key, String(value));
  if (text !== "") item.textContent = text;
  return item;
}

function frame(width, height, label) {
  const svg = node("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart" });
  svg.append(node("title", {}, label));
  return svg;
}

// Bars: points is [[x, p], ...] (a distribution); highlight marks the bars drawn in the "dead" colour (x <= 0).
export function bars(points, { label, xLabel, width = 320, height = 120 }) {
  const svg = frame(width, height, label);
  if (!points.length) return svg;
  const top = Math.max(...points.map(([, p]) => p)) || 1;
  const left = 4, bottom = height - 18, span = width - 2 * left;
  const step = span / points.length;
  const bar = Math.max(1, step * 0.8);
  points.forEach(([x, p], i) => {
    const h = Math.max(p > 0 ? 1 : 0, (p / top) * (bottom - 6));
    const rect = node("rect", { x: left + i * step + (step - bar) / 2, y: bottom - h, width: bar, height: h,
                                class: x <= 0 ? "bar dead" : "bar" });
    rect.append(node("title", {}, `${xLabel} ${x}: ${(p * 100).toFixed(1)} %`));
    svg.append(rect);
  });
  const first = points[0][0], last = points[points.length - 1][0];
  svg.append(node("line", { x1: left, y1: bottom, x2: width - left, y2: bottom, class: "axis" }));
  svg.append(node("text", { x: left, y: height - 4, class: "tick" }, String(first)));
  svg.append(node("text", { x: width - left, y: height - 4, class: "tick", "text-anchor": "end" }, String(last)));
  svg.append(node("text", { x: width / 2, y: height - 4, class: "tick", "text-anchor": "middle" }, xLabel));
  return svg;
}

// A curve: points is [[x, y], ...] with y in 0..1; mark is the index of the point to ring (the recommendation).
export function curve(points, { label, xLabel, yLabel, mark = -1, width = 320, height = 140 }) {
  const svg = frame(width, height, label);
  if (!points.length) return svg;
  const left = 30, right = 8, top = 8, bottom = height - 20;
  const xs = points.map(([x]) => x);
  const low = Math.min(...xs), high = Math.max(...xs);
  const sx = (x) => left + (high === low ? 0.5 : (x - low) / (high - low)) * (width - left - right);
  const sy = (y) => bottom - y * (bottom - top);
  svg.append(node("line", { x1: left, y1: bottom, x2: width - right, y2: bottom, class: "axis" }));
  svg.append(node("line", { x1: left, y1: top, x2: left, y2: bottom, class: "axis" }));
  svg.append(node("polyline", { points: points.map(([x, y]) => `${sx(x)},${sy(y)}`).join(" "), class: "line" }));
  if (points[mark]) {
    const [x, y] = points[mark];
    svg.append(node("circle", { cx: sx(x), cy: sy(y), r: 4, class: "mark" }));
  }
  svg.append(node("text", { x: left - 4, y: top + 8, class: "tick", "text-anchor": "end" }, "100"));
  svg.append(node("text", { x: left - 4, y: bottom, class: "tick", "text-anchor": "end" }, "0"));
  svg.append(node("text", { x: left, y: height - 4, class: "tick" }, String(low)));
  svg.append(node("text", { x: width - right, y: height - 4, class: "tick", "text-anchor": "end" }, String(high)));
  svg.append(node("text", { x: (left + width) / 2, y: height - 4, class: "tick", "text-anchor": "middle" }, xLabel));
  svg.append(node("text", { x: 2, y: (top + bottom) / 2, class: "tick" }, yLabel));
  return svg;
}
