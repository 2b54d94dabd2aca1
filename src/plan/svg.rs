//! A picture of a plan, as a standalone SVG: time runs left to right, addresses go up, one
//! labelled box per buffer (hover shows id, size, offset and lifetime), a dashed line at the
//! lower bound and a solid one at the total. Meant for a person checking a plan by eye.

use std::fmt::Write as _;

use crate::plan::{Plan, Problem, lower_bound};

const WIDTH: f64 = 1200.0;
const HEIGHT: f64 = 720.0;
const MARGIN_LEFT: f64 = 90.0;
const MARGIN_RIGHT: f64 = 20.0;
const MARGIN_TOP: f64 = 40.0;
const MARGIN_BOTTOM: f64 = 50.0;

/// Renders `plan` for `problem`; `labels[i]` names buffer `i` (its index when missing).
pub fn render(problem: &Problem, plan: &Plan, labels: &[String]) -> String {
    let buffers = problem.buffers();
    let start = buffers.iter().map(|b| b.first).min().unwrap_or(0);
    let end = buffers
        .iter()
        .map(|b| b.last.saturating_add(1))
        .max()
        .unwrap_or(1)
        .max(start + 1);
    let bound = lower_bound(problem);
    let top = plan.total.max(bound).max(1);
    let plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT;
    let plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
    let x = |t: u64| MARGIN_LEFT + (t - start) as f64 / (end - start) as f64 * plot_w;
    let y = |address: u64| MARGIN_TOP + plot_h - address as f64 / top as f64 * plot_h;

    let mut svg = String::new();
    // Writing to a String cannot fail; the results are ignored on purpose.
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{MARGIN_LEFT}" y="22" font-size="14">{} buffers, total {} bytes, lower bound {} bytes (ratio {:.4})</text>"#,
        problem.len(),
        plan.total,
        bound,
        if bound == 0 {
            1.0
        } else {
            plan.total as f64 / bound as f64
        }
    );
    for (i, buffer) in buffers.iter().enumerate() {
        let size = problem.aligned_size(i);
        let Some(&offset) = plan.offsets.get(i) else {
            continue;
        };
        let (x0, x1) = (x(buffer.first), x(buffer.last.saturating_add(1)));
        let (y0, y1) = (y(offset.saturating_add(size)), y(offset));
        let label = labels.get(i).cloned().unwrap_or_else(|| i.to_string());
        let hue = (i as u64).wrapping_mul(137) % 360;
        let _ = writeln!(
            svg,
            r#"<g><title>{} size {} offset {} ticks [{}, {}]</title><rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="hsl({hue},60%,75%)" stroke="black" stroke-width="0.5"/>"#,
            escape(&label),
            buffer.size,
            offset,
            buffer.first,
            buffer.last,
            x0,
            y0,
            (x1 - x0).max(0.5),
            (y1 - y0).max(0.5)
        );
        if x1 - x0 > 7.0 * label.len() as f64 && y1 - y0 > 12.0 {
            let _ = writeln!(
                svg,
                r#"<text x="{:.2}" y="{:.2}" text-anchor="middle" dominant-baseline="middle">{}</text>"#,
                (x0 + x1) / 2.0,
                (y0 + y1) / 2.0,
                escape(&label)
            );
        }
        let _ = writeln!(svg, "</g>");
    }
    for (value, style, name) in [
        (bound, "stroke-dasharray=\"6,4\"", "lower bound"),
        (plan.total, "", "total"),
    ] {
        let _ = writeln!(
            svg,
            r#"<line x1="{MARGIN_LEFT}" x2="{:.2}" y1="{:.2}" y2="{:.2}" stroke="red" {style}/><text x="{:.2}" y="{:.2}" text-anchor="end" fill="red">{name} {value}</text>"#,
            WIDTH - MARGIN_RIGHT,
            y(value),
            y(value),
            MARGIN_LEFT - 4.0,
            y(value) + 4.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<line x1="{MARGIN_LEFT}" x2="{:.2}" y1="{:.2}" y2="{:.2}" stroke="black"/><text x="{MARGIN_LEFT}" y="{:.2}">tick {start}</text><text x="{:.2}" y="{:.2}" text-anchor="end">tick {end} (time →)</text><text x="12" y="{:.2}" transform="rotate(-90 12 {:.2})">address ↑</text>"#,
        WIDTH - MARGIN_RIGHT,
        y(0),
        y(0),
        y(0) + 18.0,
        WIDTH - MARGIN_RIGHT,
        y(0) + 18.0,
        MARGIN_TOP + plot_h / 2.0,
        MARGIN_TOP + plot_h / 2.0
    );
    svg.push_str("</svg>\n");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::Buffer;

    #[test]
    fn draws_one_box_per_buffer_with_labels() {
        let problem = Problem::new(vec![Buffer::new(100, 0, 9), Buffer::new(50, 10, 19)]).unwrap();
        let plan = Plan {
            offsets: vec![0, 0],
            total: 100,
        };
        let svg = render(&problem, &plan, &["big".to_string(), "a<b".to_string()]);
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<rect x=").count(), 2);
        assert!(svg.contains(">big</text>"));
        assert!(svg.contains("a&lt;b"));
        assert!(!svg.contains("a<b"));
    }

    #[test]
    fn empty_problem_renders() {
        let problem = Problem::new(vec![]).unwrap();
        let svg = render(
            &problem,
            &Plan {
                offsets: vec![],
                total: 0,
            },
            &[],
        );
        assert!(svg.contains("0 buffers"));
    }
}
