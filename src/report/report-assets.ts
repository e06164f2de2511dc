/**
 * The report's stylesheet and script, inlined into every page: a report is one file that
 * opens anywhere, offline, with nothing fetched. The script only toggles what is shown.
 */
export const REPORT_CSS = `
:root { --fg:#1f2328; --muted:#656d76; --line:#d0d7de; --bg:#fff; --panel:#f6f8fa; --ok:#1a7f37; --bad:#cf222e;
  --warn:#9a6700; --accent:#0969da; --add:#dafbe1; --add-mark:#aceebb; --del:#ffebe9; --del-mark:#ffc1c0; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color:var(--fg); background:var(--bg); }
main { max-width: 1120px; margin: 0 auto; padding: 24px 20px 60px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 16px 0 8px; }
code, pre, .code, .diff, .context { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; margin: 6px 0; white-space: pre; }
pre.wrap { white-space: pre-wrap; word-break: break-word; }
.muted { color: var(--muted); }
.badge { display:inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; border: 1px solid transparent; }
.badge.passed, .badge.ok { background:#dafbe1; color: var(--ok); border-color:#aceebb; }
.badge.gave_up, .badge.fail { background:#ffebe9; color: var(--bad); border-color:#ffc1c0; }
.badge.stopped, .badge.paused, .badge.running { background:#fff8c5; color: var(--warn); border-color:#eed888; }
.badge.skipped { background: var(--panel); color: var(--muted); border-color: var(--line); }
.badge.src-draft { background:#ddf4ff; color:#0550ae; } .badge.src-model { background:#fbefff; color:#8250df; } .badge.src-offline { background:#fff1e5; color:#bc4c00; }
.facts { display:grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 8px; margin: 12px 0; }
.fact { background: var(--panel); border:1px solid var(--line); border-radius: 6px; padding: 6px 10px; }
.fact b { display:block; font-size: 16px; } .fact span { color: var(--muted); font-size: 12px; }
.message { border-left: 3px solid var(--warn); background:#fff8c5; padding: 8px 12px; margin: 12px 0; white-space: pre-wrap; }
.message.passed { border-color: var(--ok); background:#dafbe1; }
table { border-collapse: collapse; width: 100%; }
table.grid th, table.grid td { border-bottom: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; }
table.grid th { background: var(--panel); font-weight: 600; font-size: 12.5px; }
table.grid td.num, table.grid th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.attempt-row.ok td:first-child { border-left: 3px solid var(--ok); } tr.attempt-row.fail td:first-child { border-left: 3px solid var(--bad); }
.attempt { border: 1px solid var(--line); border-radius: 8px; margin: 14px 0; padding: 0 14px 10px; }
.attempt > header { display:flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 10px 0 6px; border-bottom: 1px solid var(--line); }
.attempt > header h3 { margin: 0 8px 0 0; }
details { margin: 8px 0; } summary { cursor: pointer; font-weight: 600; }
table.diff { border: 1px solid var(--line); border-radius: 6px; overflow: hidden; margin: 6px 0; }
.file-diff h4.file-name { margin: 10px 0 2px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
table.diff td { padding: 0 8px; white-space: pre; } table.diff td.ln { width: 1%; color: var(--muted); text-align: right; user-select: none; background: var(--panel); }
table.diff tr.add td.code { background: var(--add); } table.diff tr.add mark { background: var(--add-mark); }
table.diff tr.del td.code { background: var(--del); } table.diff tr.del mark { background: var(--del-mark); }
table.diff tr.hunk td { background: #ddf4ff; color: var(--muted); } table.diff .sign { display:inline-block; width: 1.2em; color: var(--muted); }
.context { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 6px 0; overflow-x: auto; }
.context div { padding: 0 12px; white-space: pre; } .context div.marked { background: var(--del); box-shadow: inset 3px 0 var(--bad); font-weight: 600; }
.layers { display:flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.charts { display:grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 16px; }
svg.chart { width: 100%; height: auto; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
svg .grid { stroke: #eaeef2; } svg .axis { stroke: #8c959f; } svg .axis-label { font-size: 10px; fill: var(--muted); }
svg .chart-title { font-size: 12px; font-weight: 600; fill: var(--fg); }
svg .tok-in { fill: #54aeff; } svg .tok-out { fill: #0550ae; } svg .cost-line { fill: none; stroke: #bc4c00; stroke-width: 2; } svg .cost-dot { fill: #bc4c00; }
svg .tests-passed { fill: #8ddb8c; } svg .tests-failed { fill: #fa4549; } svg .tests-ok { fill: #2da44e; } svg .bar-label { font-size: 10px; fill: var(--fg); } svg .stage-label { font-size: 10px; fill: var(--bad); }
.legend { font-size: 12px; color: var(--muted); } .legend i { display:inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px; vertical-align: -1px; }
.graph-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: 8px; padding: 8px; background: #fff; }
svg.graph .edge { fill: none; stroke: #afb8c1; stroke-width: 1; stroke-opacity: .45; } svg.graph .edge.taken.conditional { stroke-dasharray: 6 3; }
svg.graph .edge.taken { stroke: #0969da; stroke-width: 2.2; stroke-opacity: 1; } svg.graph .arrowhead { fill: #afb8c1; fill-opacity: .45; } svg.graph .arrowhead.taken { fill: #0969da; fill-opacity: 1; }
svg.graph .node rect { fill: rgba(9, 105, 218, calc(var(--shade) * 0.35)); stroke: #8c959f; stroke-width: 1.2; }
svg.graph .node.visited rect { stroke: #0969da; } svg.graph .node.current rect { stroke: #bf8700; stroke-width: 3; }
svg.graph .node.terminal rect { fill: #eaeef2; } svg.graph .node text { font-size: 12px; fill: var(--fg); } svg.graph .visits { font-size: 10px; fill: #0969da; font-weight: 600; }
.filters { display:flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.filters button { border: 1px solid var(--line); background: var(--panel); border-radius: 14px; padding: 2px 10px; cursor: pointer; font: inherit; font-size: 12px; }
.filters button[aria-pressed="false"] { opacity: .45; text-decoration: line-through; }
ol.decisions { list-style: none; padding: 0; margin: 0; border-left: 2px solid var(--line); }
ol.decisions li { margin: 0 0 6px 0; padding: 2px 0 2px 12px; position: relative; }
ol.decisions li::before { content:""; position:absolute; left:-6px; top: 9px; width: 10px; height: 10px; border-radius: 50%; background: #afb8c1; }
ol.decisions li.kind-boundary::before { background: var(--bad); } ol.decisions li.kind-strategy::before { background: #8250df; }
ol.decisions li.kind-offline::before { background: #bc4c00; } ol.decisions li.kind-session::before { background: var(--accent); }
ol.decisions li.severity-warning .title { color: var(--warn); } ol.decisions li.severity-alert .title { color: var(--bad); }
ol.decisions .when { color: var(--muted); font-size: 12px; margin-right: 6px; font-variant-numeric: tabular-nums; }
ol.decisions .title { font-weight: 600; } ol.decisions .detail { color: var(--muted); }
.hidden { display: none !important; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
`;

export const REPORT_SCRIPT = `
(function () {
  "use strict";
  var buttons = document.querySelectorAll(".filters button[data-kind]");
  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      var on = button.getAttribute("aria-pressed") !== "true";
      button.setAttribute("aria-pressed", on ? "true" : "false");
      document.querySelectorAll("ol.decisions li.kind-" + button.dataset.kind).forEach(function (item) {
        item.classList.toggle("hidden", !on);
      });
    });
  });
  var toggle = document.getElementById("toggle-attempts");
  if (toggle) {
    toggle.addEventListener("click", function () {
      var all = document.querySelectorAll(".attempt details");
      var open = Array.prototype.some.call(all, function (d) { return !d.open; });
      all.forEach(function (d) { d.open = open; });
      toggle.textContent = open ? "Collapse all" : "Expand all";
    });
  }
})();
`;
