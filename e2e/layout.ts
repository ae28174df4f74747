import type { Page } from "playwright-core";

/** What is wrong with a page's layout at the current viewport: one line per element, naming it. */
export interface LayoutProblem {
  kind: "page-wider-than-viewport" | "outside-viewport" | "clipped-text" | "clipped-control" | "wrapped-tabs";
  element: string;
  detail: string;
}

/**
 * Looks for what a phone user would see broken:
 * - the page scrolls sideways (`scrollWidth > innerWidth`), naming the elements that stick out;
 * - a visible element reaching past the viewport's edge without an ancestor clipping it;
 * - a button's, link-button's or tab's text cut (its own or a child's `scrollWidth > clientWidth`);
 * - a control cut off or hidden by an ancestor that clips it (e.g. a table's actions scrolled out of sight);
 * - a tab list whose tabs wrap onto a second line.
 */
export function layoutProblems(page: Page, width: number): Promise<LayoutProblem[]> {
  // A phone's layout viewport widens to fit a page that is too wide: `width` is the device's, not innerWidth.
  return page.evaluate((vw) => {
    const problems: LayoutProblem[] = [];
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const testId = el.getAttribute("data-testid");
      const cls = Array.from(el.classList)
        .filter((c) => !c.startsWith("m_"))
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join("");
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ""}${cls}>${text ? ` "${text}"` : ""}`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none" && !el.closest("[aria-hidden=true], [inert]");
    };
    /** The nearest ancestor that clips horizontally, or null (the viewport). */
    const clipper = (el: Element): Element | null => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox !== "visible") return p;
      }
      return null;
    };
    const scrollsSideways = (el: Element) => {
      const ox = getComputedStyle(el).overflowX;
      return (ox === "auto" || ox === "scroll") && el.scrollWidth > el.clientWidth + 1;
    };

    const all = Array.from(document.body.querySelectorAll("*")).filter(
      (el) => !(el instanceof SVGElement) || el instanceof SVGSVGElement,
    );

    if (document.documentElement.scrollWidth > vw || window.innerWidth > vw) {
      const wide = all.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > vw + 1 || r.left < -1) && !clipper(el);
      });
      // The outermost offenders say where it starts.
      const outermost = wide.filter((el) => !wide.some((o) => o !== el && o.contains(el))).slice(0, 5);
      problems.push({
        kind: "page-wider-than-viewport",
        element: outermost.map(name).join(", ") || "<html>",
        detail: `scrollWidth ${document.documentElement.scrollWidth} > viewport ${vw}`,
      });
    }

    for (const el of all) {
      if (!visible(el) || clipper(el)) continue;
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (style.position === "fixed" && r.left >= vw) continue; // an off-canvas drawer, shut
      if (r.right > vw + 1 || r.left < -1) {
        problems.push({
          kind: "outside-viewport",
          element: name(el),
          detail: `spans ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`,
        });
      }
    }

    const controls = Array.from(
      document.querySelectorAll("button, [role=button], [role=tab], a.mantine-Button-root, input[type=submit]"),
    ).filter(visible);
    for (const el of controls) {
      for (const part of [el, ...Array.from(el.querySelectorAll("*"))]) {
        if (part instanceof SVGElement || !visible(part)) continue;
        const style = getComputedStyle(part);
        const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
        if (clips && part.scrollWidth > part.clientWidth + 1) {
          problems.push({
            kind: "clipped-text",
            element: name(el),
            detail: `text needs ${part.scrollWidth}px, has ${part.clientWidth}px`,
          });
          break;
        }
      }
      // A tab in a scrolling tab list may sit out of sight: the list scrolls.
      if (el.getAttribute("role") === "tab") continue;
      const box = clipper(el);
      if (!box) continue;
      const r = el.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      if (r.right > b.right + 1 || r.left < b.left - 1) {
        problems.push({
          kind: "clipped-control",
          element: name(el),
          detail: `${scrollsSideways(box) ? "scrolled out of sight in" : "cut by"} ${name(box).slice(0, 80)}`,
        });
      }
    }

    for (const list of Array.from(document.querySelectorAll("[role=tablist]"))) {
      const tabs = Array.from(list.querySelectorAll("[role=tab]")).filter(visible);
      const tops = new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
      const vertical = list.getAttribute("aria-orientation") === "vertical";
      if (!vertical && tops.size > 1) {
        problems.push({ kind: "wrapped-tabs", element: name(list), detail: `${tops.size} lines` });
      }
    }
    return problems;
  }, width);
}
