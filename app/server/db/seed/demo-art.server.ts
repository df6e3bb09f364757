import {
  Building2,
  Cable,
  CircuitBoard,
  EvCharger,
  Factory,
  Gauge,
  House,
  Lightbulb,
  MapPin,
  Plug,
  ShieldCheck,
  SolarPanel,
  Sun,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/*
 * Illustrations for the demo content, drawn as SVG and rasterised by the image pipeline: the demo
 * must work offline, so instead of stock photos each project, article and author gets a composed
 * picture (per-category palette, lucide icons, a motif that matches its subject).
 */

export type Palette = {
  /** Background gradient, dark to lighter. */
  from: string;
  to: string;
  /** Main and secondary highlight colours. */
  accent: string;
  accent2: string;
};

export const palettes = {
  residential: { from: "#1c1008", to: "#7c2d12", accent: "#fbbf24", accent2: "#fb923c" },
  commercial: { from: "#060b1a", to: "#1e3a8a", accent: "#38bdf8", accent2: "#a5b4fc" },
  industrial: { from: "#0b0f14", to: "#374151", accent: "#f97316", accent2: "#facc15" },
  advice: { from: "#03140d", to: "#065f46", accent: "#34d399", accent2: "#fde68a" },
  safety: { from: "#1a0606", to: "#b91c1c", accent: "#fde047", accent2: "#fecaca" },
  renovation: { from: "#120b2e", to: "#6d28d9", accent: "#c4b5fd", accent2: "#fbbf24" },
} satisfies Record<string, Palette>;

export type Motif =
  "panel" | "plan" | "lighting" | "solar" | "facade" | "factory" | "cables" | "charger" | "scene";

export const WIDTH = 1600;
export const HEIGHT = 900;
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

type Random = () => number;

/** A deterministic generator per picture, so the demo looks the same on every install. */
function randomFrom(seed: string): Random {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const pick = <T>(random: Random, items: readonly T[]) => items[Math.floor(random() * items.length)]!;

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function icon(
  Icon: LucideIcon,
  x: number,
  y: number,
  size: number,
  color: string,
  strokeWidth = 1.5,
  opacity = 1,
) {
  const markup = renderToStaticMarkup(createElement(Icon, { size, color, strokeWidth }));
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)})" opacity="${opacity}">${markup}</g>`;
}

function svg(body: string, defs: string, width = WIDTH, height = HEIGHT) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><defs>${defs}</defs>${body}</svg>`;
}

/** Gradient, a soft light and a faint blueprint grid: the common ground of every picture. */
function backdrop(p: Palette, random: Random) {
  const glowX = between(random, 0.15, 0.85);
  const glowY = between(random, 0.1, 0.6);
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="${glowX}" cy="${glowY}" r="0.55">
      <stop offset="0" stop-color="${p.accent}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${p.accent}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </radialGradient>
    <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
      <path d="M40 0H0V40" fill="none" stroke="#fff" stroke-opacity="0.05" stroke-width="1"/>
    </pattern>
    <pattern id="grid-major" width="200" height="200" patternUnits="userSpaceOnUse">
      <path d="M200 0H0V200" fill="none" stroke="#fff" stroke-opacity="0.07" stroke-width="1.5"/>
    </pattern>`;
  const body = `<rect width="1600" height="900" fill="url(#bg)"/><rect width="1600" height="900" fill="url(#glow)"/>
    <rect width="1600" height="900" fill="url(#grid)"/><rect width="1600" height="900" fill="url(#grid-major)"/>`;
  return { defs, body, finish: `<rect width="1600" height="900" fill="url(#vignette)"/>` };
}

/** A caption pill: category in capitals, then a place or subject. */
function caption(p: Palette, label: string, detail?: string) {
  const labelWidth = label.length * 15 + 48;
  const detailWidth = detail ? detail.length * 15 + 90 : 0;
  return `<g transform="translate(64 780)">
    <rect width="${labelWidth}" height="56" rx="28" fill="${p.accent}"/>
    <text x="${labelWidth / 2}" y="37" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="3" fill="#0b0b0f">${escapeXml(label.toUpperCase())}</text>
    ${
      detail
        ? `<rect x="${labelWidth + 12}" width="${detailWidth}" height="56" rx="28" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-opacity="0.25"/>
    ${icon(MapPin, labelWidth + 32, 14, 28, "#fff", 2)}
    <text x="${labelWidth + 72}" y="37" font-family="${FONT}" font-size="24" fill="#fff">${escapeXml(detail)}</text>`
        : ""
    }
  </g>`;
}

// ---------------------------------------------------------------- motifs

/** A distribution board: DIN rails of breakers, a 30 mA differential per row, incoming wires. */
function panel(p: Palette, random: Random) {
  const x = between(random, 420, 560);
  const width = 680;
  const rows = 4;
  let body = "";
  const wireColors = ["#2563eb", "#92400e", "#111827", "#eab308"];
  for (let i = 0; i < 7; i++) {
    const wx = x + 90 + i * 80;
    body += `<path d="M${wx} 120 C ${wx} 40, ${wx + between(random, -300, 300)} 20, ${wx + between(random, -400, 400)} -40" stroke="${wireColors[i % 4]}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
  }
  body += `<rect x="${x + 12}" y="132" width="${width}" height="660" rx="30" fill="#000" fill-opacity="0.35"/>
    <rect x="${x}" y="120" width="${width}" height="660" rx="30" fill="#f1f5f9"/>
    <rect x="${x + 24}" y="144" width="${width - 48}" height="612" rx="18" fill="#e2e8f0" stroke="#cbd5e1" stroke-width="3"/>`;
  for (let row = 0; row < rows; row++) {
    const y = 180 + row * 145;
    body += `<rect x="${x + 44}" y="${y + 44}" width="${width - 88}" height="14" rx="4" fill="#94a3b8"/>`;
    let mx = x + 56;
    // The differential switch heads the row, then its breakers.
    body += `<rect x="${mx}" y="${y}" width="96" height="104" rx="8" fill="#fff" stroke="#94a3b8" stroke-width="2"/>
      <rect x="${mx + 20}" y="${y + 30}" width="56" height="30" rx="6" fill="${p.accent}"/>
      <text x="${mx + 48}" y="${y + 90}" text-anchor="middle" font-family="${FONT}" font-size="15" font-weight="700" fill="#334155">30mA</text>`;
    mx += 108;
    const count = 6 + Math.floor(random() * 3);
    for (let b = 0; b < count && mx < x + width - 90; b++) {
      const on = random() > 0.15;
      body += `<rect x="${mx}" y="${y}" width="52" height="104" rx="7" fill="#fff" stroke="#94a3b8" stroke-width="2"/>
        <rect x="${mx + 14}" y="${on ? y + 26 : y + 46}" width="24" height="30" rx="5" fill="${on ? "#334155" : p.accent2}"/>
        <rect x="${mx + 10}" y="${y + 80}" width="32" height="8" rx="3" fill="${pick(random, ["#2563eb", "#16a34a", "#dc2626", "#f59e0b"])}" opacity="0.8"/>`;
      mx += 60;
    }
  }
  body += `<circle cx="${x + width - 60}" cy="104" r="46" fill="${p.accent}"/>${icon(Zap, x + width - 88, 76, 56, "#0b0b0f", 2.2)}`;
  return body;
}

/** A blueprint of a floor with sockets, light points and dashed circuits. */
function plan(p: Palette, random: Random) {
  const stroke = `stroke="#e0f2fe" stroke-opacity="0.85"`;
  const ox = between(random, 180, 300);
  const oy = 110;
  const w = Math.round(between(random, 90, 110)) * 10;
  const h = 640;
  const split = between(random, 0.4, 0.6) * w;
  const splitY = between(random, 0.45, 0.6) * h;
  let body = `<rect x="${ox}" y="${oy}" width="${w}" height="${h}" fill="#0c4a6e" fill-opacity="0.25" ${stroke} stroke-width="12"/>
    <path d="M${ox + split} ${oy} V${oy + splitY - 70} M${ox + split} ${oy + splitY + 50} V${oy + h} M${ox} ${oy + splitY} H${ox + split - 120} M${ox + split - 20} ${oy + splitY} H${ox + split}" ${stroke} stroke-width="10"/>
    <path d="M${ox + split - 120} ${oy + splitY} A100 100 0 0 1 ${ox + split - 20} ${oy + splitY - 100}" fill="none" ${stroke} stroke-width="3" stroke-dasharray="8 8"/>`;
  const points: [number, number][] = [];
  for (let i = 0; i < 9; i++) {
    const px = ox + between(random, 60, w - 60);
    const py = oy + between(random, 60, h - 60);
    points.push([px, py]);
    body +=
      i % 3 === 0
        ? `<circle cx="${px}" cy="${py}" r="22" fill="none" stroke="${p.accent}" stroke-width="5"/><path d="M${px - 15} ${py - 15} L${px + 15} ${py + 15} M${px + 15} ${py - 15} L${px - 15} ${py + 15}" stroke="${p.accent}" stroke-width="5"/>`
        : `<path d="M${px - 22} ${py} A22 22 0 0 1 ${px + 22} ${py}" fill="none" stroke="${p.accent2}" stroke-width="5"/><path d="M${px} ${py - 22} V${py - 40} M${px - 30} ${py} H${px + 30}" stroke="${p.accent2}" stroke-width="5"/>`;
  }
  const home = points[0]!;
  for (const [px, py] of points.slice(1)) {
    body += `<path d="M${home[0]} ${home[1]} Q ${(home[0] + px) / 2} ${Math.min(home[1], py) - 80} ${px} ${py}" fill="none" stroke="${p.accent}" stroke-width="3" stroke-dasharray="14 10" opacity="0.8"/>`;
  }
  body += `<path d="M${ox} ${oy + h + 50} H${ox + w}" stroke="#e0f2fe" stroke-opacity="0.6" stroke-width="2"/>
    <path d="M${ox} ${oy + h + 36} V${oy + h + 64} M${ox + w} ${oy + h + 36} V${oy + h + 64}" stroke="#e0f2fe" stroke-opacity="0.6" stroke-width="2"/>
    <text x="${ox + w / 2}" y="${oy + h + 42}" text-anchor="middle" font-family="${FONT}" font-size="22" fill="#e0f2fe" fill-opacity="0.75">${(w / 100).toFixed(2).replace(".", ",")} m</text>`;
  return body;
}

/** Pendant lamps and the pools of light under them. */
function lighting(p: Palette, random: Random) {
  const count = 3 + Math.floor(random() * 3);
  const defs = `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></linearGradient>
    <radialGradient id="pool" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>`;
  let body = `<rect y="760" width="1600" height="140" fill="#000" fill-opacity="0.3"/>`;
  for (let i = 0; i < count; i++) {
    const cx = ((i + 0.5) * 1600) / count + between(random, -40, 40);
    const drop = between(random, 220, 380);
    const r = between(random, 60, 90);
    body += `<polygon points="${cx - r * 0.8},${drop + 30} ${cx + r * 0.8},${drop + 30} ${cx + r * 3.2},800 ${cx - r * 3.2},800" fill="url(#beam)"/>
      <ellipse cx="${cx}" cy="800" rx="${r * 3.4}" ry="40" fill="url(#pool)"/>
      <path d="M${cx} 0 V${drop - r * 0.7}" stroke="#e5e7eb" stroke-opacity="0.7" stroke-width="3"/>
      <path d="M${cx - r} ${drop + 30} Q ${cx - r} ${drop - r} ${cx} ${drop - r * 0.8} Q ${cx + r} ${drop - r} ${cx + r} ${drop + 30} Z" fill="${pick(random, ["#111827", "#1f2937", p.accent2])}" stroke="#fff" stroke-opacity="0.2" stroke-width="2"/>
      <ellipse cx="${cx}" cy="${drop + 30}" rx="${r * 0.55}" ry="12" fill="#fffbeb"/>`;
  }
  return { defs, body };
}

/** A roof of solar panels under the sun. */
function solar(p: Palette, random: Random) {
  const sunX = between(random, 1150, 1400);
  const defs = `<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fef3c7"/><stop offset="0.35" stop-color="${p.accent}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
    <linearGradient id="cell" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0f172a"/></linearGradient>`;
  let body = `<circle cx="${sunX}" cy="170" r="230" fill="url(#sun)"/>
    <polygon points="80,900 420,360 1520,360 1600,520 1600,900" fill="#111827" fill-opacity="0.9"/>
    <polygon points="420,360 1520,360 1560,420 380,420" fill="#7f1d1d" fill-opacity="0.6"/>`;
  const cols = 6;
  const rows = 3;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      // Panels on a sloping roof: each row shifts left as it comes down.
      const top = 450 + r * 140;
      const left = 420 - r * 95 + c * 172;
      const shift = 95;
      body += `<polygon points="${left},${top} ${left + 160},${top} ${left + 160 - shift * 0.95},${top + 128} ${left - shift * 0.95},${top + 128}" fill="url(#cell)" stroke="#93c5fd" stroke-opacity="0.7" stroke-width="3"/>
        <path d="M${left + 53} ${top} L${left + 53 - shift * 0.95} ${top + 128} M${left + 107} ${top} L${left + 107 - shift * 0.95} ${top + 128} M${left - shift * 0.475} ${top + 64} H${left + 160 - shift * 0.475}" stroke="#93c5fd" stroke-opacity="0.35" stroke-width="2"/>`;
    }
  }
  body += `<polygon points="420,450 600,450 300,880 140,880" fill="#fff" fill-opacity="0.06"/>`;
  return { defs, body };
}

/** Office buildings at dusk, lit floor by floor. */
function facade(p: Palette, random: Random) {
  let body = "";
  let x = -20;
  while (x < 1600) {
    const w = between(random, 180, 320);
    const top = between(random, 120, 420);
    body += `<rect x="${x}" y="${top}" width="${w - 16}" height="${900 - top}" fill="#0b1120" fill-opacity="0.92" stroke="#fff" stroke-opacity="0.08"/>`;
    for (let wy = top + 30; wy < 860; wy += 52) {
      for (let wx = x + 22; wx < x + w - 50; wx += 44) {
        const lit = random() > 0.55;
        body += `<rect x="${wx}" y="${wy}" width="28" height="32" rx="3" fill="${lit ? pick(random, [p.accent, p.accent2, "#fef9c3"]) : "#1e293b"}" fill-opacity="${lit ? between(random, 0.6, 1).toFixed(2) : 0.8}"/>`;
      }
    }
    x += w;
  }
  return body;
}

/** A workshop with a saw-tooth roof, chimneys and cable trays. */
function factory(p: Palette, random: Random) {
  const teeth = 6;
  let roof = "M60 520";
  for (let i = 0; i < teeth; i++) {
    const x = 60 + i * 200;
    roof += ` L${x} 380 L${x + 200} 520`;
  }
  let body = `<rect x="${between(random, 1180, 1280)}" y="170" width="60" height="360" fill="#1f2937"/>
    <rect x="${between(random, 1320, 1400)}" y="240" width="50" height="290" fill="#1f2937"/>
    <path d="${roof} L1260 520 L1260 800 L60 800 Z" fill="#111827" stroke="#fff" stroke-opacity="0.12" stroke-width="3"/>
    <rect x="1260" y="460" width="300" height="340" fill="#0f172a" stroke="#fff" stroke-opacity="0.1"/>`;
  for (let i = 0; i < teeth; i++) {
    body += `<polygon points="${60 + i * 200},390 ${60 + i * 200},505 ${120 + i * 200},460 ${120 + i * 200},430" fill="${p.accent2}" fill-opacity="0.55"/>`;
  }
  for (let i = 0; i < 9; i++) {
    const wx = 110 + i * 125;
    body += `<rect x="${wx}" y="590" width="80" height="110" rx="6" fill="${random() > 0.3 ? p.accent : "#1e293b"}" fill-opacity="0.75"/>`;
  }
  // Cable trays in the foreground, carrying their cables.
  for (let t = 0; t < 2; t++) {
    const y = 820 + t * 40;
    body += `<rect x="0" y="${y}" width="1600" height="18" fill="#9ca3af"/>`;
    for (let c = 0; c < 5; c++) {
      body += `<path d="M0 ${y - 4 - c * 5} H1600" stroke="${pick(random, ["#111827", p.accent, "#2563eb", "#eab308"])}" stroke-width="6"/>`;
    }
  }
  body += icon(Factory, 1330, 560, 160, p.accent, 1.4, 0.9);
  return body;
}

/** A bundle of wires sweeping across the frame into a junction box. */
function cables(p: Palette, random: Random) {
  const colors = [p.accent, p.accent2, "#2563eb", "#a16207", "#e5e7eb", "#16a34a"];
  const boxX = between(random, 1000, 1180);
  const boxY = between(random, 300, 460);
  let body = "";
  for (let i = 0; i < 14; i++) {
    const startY = between(random, -50, 950);
    const c1 = between(random, 200, 600);
    body += `<path d="M-20 ${startY} C ${c1} ${startY}, ${boxX - 400} ${boxY + 60 + (i - 7) * 8}, ${boxX} ${boxY + 60 + (i - 7) * 8}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="20"/>
      <path d="M-20 ${startY} C ${c1} ${startY}, ${boxX - 400} ${boxY + 60 + (i - 7) * 8}, ${boxX} ${boxY + 60 + (i - 7) * 8}" fill="none" stroke="${colors[i % colors.length]}" stroke-width="12" stroke-linecap="round"/>`;
  }
  body += `<rect x="${boxX - 10}" y="${boxY - 40}" width="260" height="200" rx="24" fill="#e5e7eb"/>
    <rect x="${boxX + 10}" y="${boxY - 20}" width="220" height="160" rx="16" fill="none" stroke="#94a3b8" stroke-width="4"/>
    ${icon(Zap, boxX + 80, boxY + 12, 80, "#0f172a", 2)}`;
  return body;
}

/** A wall charger plugged into an electric car's outline. */
function charger(p: Palette, random: Random) {
  const x = between(random, 260, 360);
  return `<rect x="${x}" y="170" width="260" height="420" rx="40" fill="#f8fafc"/>
    <rect x="${x + 40}" y="220" width="180" height="110" rx="16" fill="#0f172a"/>
    <rect x="${x + 60}" y="262" width="${between(random, 60, 140)}" height="26" rx="8" fill="${p.accent}"/>
    ${icon(EvCharger, x + 70, 370, 120, "#0f172a", 1.6)}
    <path d="M${x + 130} 590 C ${x + 130} 760, ${x + 460} 780, ${x + 560} 640" fill="none" stroke="#0f172a" stroke-width="22" stroke-linecap="round"/>
    <path d="M${x + 130} 590 C ${x + 130} 760, ${x + 460} 780, ${x + 560} 640" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linecap="round" stroke-dasharray="2 26"/>
    <path d="M${x + 480} 700 L${x + 560} 560 Q ${x + 640} 430 ${x + 820} 430 L${x + 1000} 430 Q ${x + 1120} 430 ${x + 1180} 560 L${x + 1220} 700 Z" fill="#0b1120" stroke="${p.accent2}" stroke-width="6"/>
    <circle cx="${x + 640}" cy="710" r="62" fill="#111827" stroke="${p.accent2}" stroke-width="6"/>
    <circle cx="${x + 1080}" cy="710" r="62" fill="#111827" stroke="${p.accent2}" stroke-width="6"/>
    <path d="M${x + 620} 560 L${x + 680} 470 L${x + 980} 470 L${x + 1060} 560 Z" fill="${p.accent2}" fill-opacity="0.25"/>`;
}

const sceneIcons: LucideIcon[] = [
  Zap,
  Plug,
  Lightbulb,
  Cable,
  Gauge,
  CircuitBoard,
  Wrench,
  ShieldCheck,
  Sun,
  House,
];

/** A glass card holding the subject's icon, with small icons and current lines around it. */
function scene(p: Palette, random: Random, Main: LucideIcon) {
  const cx = pick(random, [460, 800, 1140]);
  const cy = 400;
  const defs = `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0.04"/></linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>`;
  let body = "";
  for (let i = 0; i < 6; i++) {
    const y = between(random, 60, 840);
    body += `<path d="M-20 ${y} H${between(random, 100, 500)} L${cx - 150} ${cy + (i - 3) * 40} " fill="none" stroke="${i % 2 ? p.accent : p.accent2}" stroke-opacity="0.6" stroke-width="4"/>
      <circle cx="${cx - 150}" cy="${cy + (i - 3) * 40}" r="7" fill="${p.accent}"/>`;
    const y2 = between(random, 60, 840);
    body += `<path d="M1620 ${y2} H${between(random, 1100, 1500)} L${cx + 150} ${cy + (i - 3) * 40}" fill="none" stroke="${i % 2 ? p.accent2 : p.accent}" stroke-opacity="0.45" stroke-width="3"/>`;
  }
  body += `<circle cx="${cx}" cy="${cy}" r="330" fill="url(#halo)"/>
    <rect x="${cx - 170}" y="${cy - 170}" width="340" height="340" rx="64" fill="#000" fill-opacity="0.3" transform="translate(14 18)"/>
    <rect x="${cx - 170}" y="${cy - 170}" width="340" height="340" rx="64" fill="url(#glass)" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>
    ${icon(Main, cx - 110, cy - 110, 220, "#fff", 1.4)}`;
  const others = sceneIcons.filter((candidate) => candidate !== Main);
  for (let i = 0; i < 5; i++) {
    const angle = (i / 5) * Math.PI * 2 + random();
    const distance = between(random, 330, 460);
    const ix = cx + Math.cos(angle) * distance * 1.4;
    const iy = cy + Math.sin(angle) * distance * 0.8;
    if (ix < 60 || ix > 1480 || iy < 40 || iy > 740) continue;
    body += `<circle cx="${ix}" cy="${iy}" r="54" fill="#000" fill-opacity="0.35" stroke="${p.accent}" stroke-opacity="0.6" stroke-width="2"/>
      ${icon(pick(random, others), ix - 30, iy - 30, 60, p.accent, 1.8)}`;
  }
  return { defs, body };
}

// ---------------------------------------------------------------- public drawing functions

export type Illustration = {
  motif: Motif;
  palette: Palette;
  /** Varies the layout; the same seed draws the same picture. */
  seed: string;
  /** The subject's icon, for the "scene" motif. */
  icon?: LucideIcon;
  /** Above 1, a close-up on a random part of the motif (varies a project's gallery). */
  zoom?: number;
  /** Caption pill at the bottom left: label, then a place. */
  label?: string;
  detail?: string;
};

/** A 1600×900 (16:9) SVG. */
export function drawIllustration({
  motif,
  palette,
  seed,
  icon: Main = Zap,
  zoom = 1,
  label,
  detail,
}: Illustration) {
  const random = randomFrom(seed);
  const base = backdrop(palette, random);
  const drawn = draw(motif, palette, random, Main);
  const layer = typeof drawn === "string" ? { defs: "", body: drawn } : drawn;
  const focus = [between(random, 0.4, 0.6) * WIDTH, between(random, 0.4, 0.58) * HEIGHT];
  const body =
    zoom > 1
      ? `<g transform="translate(${WIDTH / 2} ${HEIGHT / 2}) scale(${zoom}) translate(${-focus[0]!} ${-focus[1]!})">${layer.body}</g>`
      : layer.body;
  return svg(
    base.body + body + base.finish + (label ? caption(palette, label, detail) : ""),
    base.defs + layer.defs,
  );
}

function draw(motif: Motif, p: Palette, random: Random, Main: LucideIcon) {
  switch (motif) {
    case "panel":
      return panel(p, random);
    case "plan":
      return plan(p, random);
    case "lighting":
      return lighting(p, random);
    case "solar":
      return solar(p, random);
    case "facade":
      return facade(p, random);
    case "factory":
      return factory(p, random);
    case "cables":
      return cables(p, random);
    case "charger":
      return charger(p, random);
    case "scene":
      return scene(p, random, Main);
  }
}

/** A square portrait: initials on a gradient disc. */
export function drawAvatar(name: string, palette: Palette) {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.to}"/><stop offset="1" stop-color="${palette.from}"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#a)"/>
    <circle cx="420" cy="90" r="160" fill="${palette.accent}" fill-opacity="0.25"/>
    <circle cx="256" cy="256" r="170" fill="none" stroke="${palette.accent}" stroke-width="6" stroke-opacity="0.8"/>
    ${icon(Zap, 360, 360, 90, palette.accent, 2, 0.9)}
    <text x="256" y="300" text-anchor="middle" font-family="${FONT}" font-size="140" font-weight="700" fill="#fff">${escapeXml(initials)}</text>
  </svg>`;
}

export const icons = {
  Building2,
  Factory,
  House,
  Plug,
  ShieldCheck,
  SolarPanel,
  Sun,
  Wrench,
  Zap,
  Lightbulb,
  Gauge,
  Cable,
};
