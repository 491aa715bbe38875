//! STUB printing, replaced by the notation module.
use super::forms::{FormId, Forms};

impl Forms {
    /// The form in CGSuite's notation.
    pub fn show(&self, g: FormId) -> String {
        let mut out = String::new();
        self.write_form(g, &mut out);
        out
    }

    fn write_form(&self, g: FormId, out: &mut String) {
        if let Some(x) = self.as_number(g) {
            out.push_str(&x.to_string());
            return;
        }
        if let Some(n) = self.nimber_of(g) {
            out.push('*');
            if n > 1 {
                out.push_str(&n.to_string());
            }
            return;
        }
        out.push('{');
        for (k, &h) in self.left(g).iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            self.write_form(h, out);
        }
        out.push('|');
        for (k, &h) in self.right(g).iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            self.write_form(h, out);
        }
        out.push('}');
    }

    fn nimber_of(&self, g: FormId) -> Option<usize> {
        if g == Forms::ZERO {
            return Some(0);
        }
        let left = self.left(g);
        if left != self.right(g) || self.is_number(g) {
            return None;
        }
        let mut seen = vec![false; left.len()];
        for &h in left {
            let n = self.nimber_of(h)?;
            if n >= left.len() || seen[n] {
                return None;
            }
            seen[n] = true;
        }
        Some(left.len())
    }
}
