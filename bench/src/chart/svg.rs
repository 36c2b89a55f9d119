//! The chart as SVG text: log–log axes with decade grid lines, one marker per point
//! (a circle for cargo-mutants, a square for mutate), each with its crate's name beside it
//! and as its tooltip, a dashed line where wall time equals the work, and a legend.

use super::log_axis::{LogAxis, seconds_label};
use std::fmt::Write;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    CargoMutants,
    Mutate,
}

impl Tool {
    pub fn name(self) -> &'static str {
        match self {
            Tool::CargoMutants => "cargo-mutants",
            Tool::Mutate => "mutate",
        }
    }

    fn colour(self) -> &'static str {
        match self {
            Tool::CargoMutants => "#d95f02",
            Tool::Mutate => "#1f6fbf",
        }
    }

    /// The marker centred on (x, y), carrying `tooltip`.
    fn marker(self, x: f64, y: f64, tooltip: &str) -> String {
        let shape = match self {
            Tool::CargoMutants => format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="5""#),
            Tool::Mutate => format!(
                r#"<rect x="{:.1}" y="{:.1}" width="9" height="9""#,
                x - 4.5,
                y - 4.5
            ),
        };
        format!(
            r#"{shape} class="point" fill="{}" fill-opacity="0.85"><title>{}</title></{}>"#,
            self.colour(),
            escape(tooltip),
            if self == Tool::CargoMutants {
                "circle"
            } else {
                "rect"
            }
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub label: String,
    pub tool: Tool,
    /// Mutants × covering test time, seconds.
    pub x: f64,
    /// Wall time of the whole run, seconds.
    pub y: f64,
}

const WIDTH: f64 = 760.0;
const HEIGHT: f64 = 540.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 30.0;
const TOP: f64 = 56.0;
const BOTTOM: f64 = 64.0;

/// The whole SVG document; `caption` goes under the title (what was run, when). Points a
/// log scale cannot place (zero, negative) are left out.
pub fn render(points: &[Point], title: &str, caption: &str) -> String {
    let shown: Vec<&Point> = points
        .iter()
        .filter(|p| p.x > 0.0 && p.y > 0.0 && p.x.is_finite() && p.y.is_finite())
        .collect();
    let x_axis = LogAxis::around(shown.iter().map(|p| p.x)).unwrap_or(LogAxis { low: 0, high: 1 });
    let y_axis = LogAxis::around(shown.iter().map(|p| p.y)).unwrap_or(LogAxis { low: 0, high: 1 });
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let px = |v: f64| LEFT + x_axis.fraction(v) * plot_w;
    let py = |v: f64| TOP + (1.0 - y_axis.fraction(v)) * plot_h;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<text x="{LEFT}" y="22" font-size="15" font-weight="bold">{}</text>"#,
        escape(title)
    );
    let _ = writeln!(
        svg,
        r##"<text x="{LEFT}" y="40" font-size="11" fill="#555">{}</text>"##,
        escape(caption)
    );

    // Grid: a line at every tick, darker at the decades, labels at the decades.
    let (bottom, right) = (TOP + plot_h, LEFT + plot_w);
    for v in x_axis.minor_ticks() {
        let x = px(v);
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{bottom}" stroke="#eee"/>"##
        );
    }
    for v in y_axis.minor_ticks() {
        let y = py(v);
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{right}" y2="{y:.1}" stroke="#eee"/>"##
        );
    }
    for v in x_axis.decades() {
        let x = px(v);
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{bottom}" stroke="#ccc"/>"##
        );
        let _ = writeln!(
            svg,
            r#"<text x="{x:.1}" y="{:.1}" font-size="11" text-anchor="middle">{}</text>"#,
            bottom + 16.0,
            seconds_label(v)
        );
    }
    for v in y_axis.decades() {
        let y = py(v);
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{right}" y2="{y:.1}" stroke="#ccc"/>"##
        );
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{}</text>"#,
            LEFT - 6.0,
            y + 4.0,
            seconds_label(v)
        );
    }
    let _ = writeln!(
        svg,
        r##"<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#333"/>"##
    );
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle">mutants × covering test time: the baseline times of each mutant's covering tests, summed (seconds, log)</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 18.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="18" y="{:.1}" font-size="12" text-anchor="middle" transform="rotate(-90 18 {:.1})">wall time of the whole clean run (seconds, log)</text>"#,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    );

    // Where wall time equals the work: a tool on it spends exactly the covering tests'
    // time; above it, more (builds, whole suites); below, less (early stops, jobs).
    let from = 10f64.powi(x_axis.low.max(y_axis.low));
    let to = 10f64.powi(x_axis.high.min(y_axis.high));
    if from < to {
        let _ = writeln!(
            svg,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#888" stroke-dasharray="5 4"><title>wall time = mutants × covering test time</title></line>"##,
            px(from),
            py(from),
            px(to),
            py(to)
        );
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" font-size="10" fill="#888" text-anchor="end">wall = work</text>"##,
            px(to) - 4.0,
            py(to) + 14.0
        );
    }

    for p in &shown {
        let (x, y) = (px(p.x), py(p.y));
        let tooltip = format!(
            "{} ({}): work {:.3} s, wall {:.1} s",
            p.label,
            p.tool.name(),
            p.x,
            p.y
        );
        let _ = writeln!(svg, "{}", p.tool.marker(x, y, &tooltip));
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#444">{}</text>"##,
            x + 7.0,
            y + 3.0,
            escape(&p.label)
        );
    }

    // The legend, top left inside the plot (both tools' points sit lower right of it
    // when times grow with the work).
    let _ = writeln!(
        svg,
        r##"<rect x="{:.1}" y="{:.1}" width="128" height="46" fill="white" stroke="#999"/>"##,
        LEFT + 10.0,
        TOP + 10.0
    );
    for (i, tool) in [Tool::CargoMutants, Tool::Mutate].into_iter().enumerate() {
        let y = TOP + 24.0 + 18.0 * i as f64;
        let _ = writeln!(
            svg,
            "{}",
            tool.marker(LEFT + 22.0, y, tool.name())
                .replace(r#" class="point""#, "")
        );
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" font-size="12">{}</text>"#,
            LEFT + 34.0,
            y + 4.0,
            tool.name()
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Text as XML character data.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(label: &str, tool: Tool, x: f64, y: f64) -> Point {
        Point {
            label: label.into(),
            tool,
            x,
            y,
        }
    }

    #[test]
    fn draws_one_marker_per_point_each_with_its_tooltip() {
        let points = [
            point("fnv 1.0.7", Tool::CargoMutants, 0.02, 1.9),
            point("fnv 1.0.7", Tool::Mutate, 0.02, 0.5),
            point("strsim 0.11.1", Tool::CargoMutants, 1.3, 197.5),
            point("strsim 0.11.1", Tool::Mutate, 1.3, 3.7),
            point("a<b&c", Tool::Mutate, 4.0, 9.0),
        ];
        let svg = render(&points, "title", "caption");
        assert_eq!(svg.matches(r#"class="point""#).count(), points.len());
        let markers = |shape: &str| {
            svg.lines()
                .filter(|l| l.starts_with(shape) && l.contains(r#"class="point""#))
                .count()
        };
        assert_eq!((markers("<circle"), markers("<rect")), (2, 3));
        assert!(svg.contains("<title>strsim 0.11.1 (mutate): work 1.300 s, wall 3.7 s</title>"));
        assert!(svg.contains("a&lt;b&amp;c"));
        assert!(!svg.contains("a<b"));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn leaves_out_points_a_log_scale_cannot_place() {
        let points = [
            point("none", Tool::Mutate, 0.0, 1.0),
            point("kept", Tool::Mutate, 1.0, 2.0),
        ];
        let svg = render(&points, "t", "c");
        assert_eq!(svg.matches(r#"class="point""#).count(), 1);
        assert!(!svg.contains(">none<"));
    }

    #[test]
    fn places_larger_values_right_and_higher() {
        let points = [
            point("small", Tool::Mutate, 0.1, 1.0),
            point("large", Tool::Mutate, 10.0, 100.0),
        ];
        let svg = render(&points, "t", "c");
        let corner = |label: &str| -> (f64, f64) {
            let title = format!("<title>{label} ");
            let at = svg.find(&title).unwrap();
            let line_start = svg[..at].rfind('\n').unwrap();
            let line = &svg[line_start..at];
            let attr = |name: &str| -> f64 {
                let from = line.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                line[from..].split('"').next().unwrap().parse().unwrap()
            };
            (attr("x"), attr("y"))
        };
        let (small, large) = (corner("small"), corner("large"));
        assert!(large.0 > small.0, "right");
        assert!(large.1 < small.1, "higher on the page is a smaller y");
    }
}
