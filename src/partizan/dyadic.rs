//! STUB (i128), replaced by the big-integer version.
use std::cmp::Ordering;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i128,
    exp: u64,
}

impl Dyadic {
    fn norm(mut num: i128, mut exp: u64) -> Dyadic {
        while exp > 0 && num % 2 == 0 {
            num /= 2;
            exp -= 1;
        }
        Dyadic { num, exp }
    }
    pub fn zero() -> Dyadic {
        Dyadic { num: 0, exp: 0 }
    }
    pub fn from_i64(v: i64) -> Dyadic {
        Dyadic { num: v as i128, exp: 0 }
    }
    pub fn is_zero(&self) -> bool {
        self.num == 0
    }
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }
    pub fn to_i64(&self) -> Option<i64> {
        if self.exp == 0 && self.num >= i64::MIN as i128 && self.num <= i64::MAX as i128 {
            Some(self.num as i64)
        } else {
            None
        }
    }
    pub fn signum(&self) -> i32 {
        self.num.signum() as i32
    }
    pub fn exponent(&self) -> u64 {
        self.exp
    }
    pub fn add(&self, o: &Dyadic) -> Dyadic {
        let e = self.exp.max(o.exp);
        Dyadic::norm((self.num << (e - self.exp)) + (o.num << (e - o.exp)), e)
    }
    pub fn sub(&self, o: &Dyadic) -> Dyadic {
        self.add(&o.neg())
    }
    pub fn neg(&self) -> Dyadic {
        Dyadic { num: -self.num, exp: self.exp }
    }
    pub fn mul_pow2(&self, k: i64) -> Dyadic {
        if k >= 0 {
            let k = k as u64;
            if k <= self.exp {
                Dyadic::norm(self.num, self.exp - k)
            } else {
                Dyadic::norm(self.num << (k - self.exp), 0)
            }
        } else {
            Dyadic::norm(self.num, self.exp + (-k) as u64)
        }
    }
    pub fn floor(&self) -> Dyadic {
        Dyadic::norm(self.num >> self.exp, 0)
    }
    pub fn ceil(&self) -> Dyadic {
        self.neg().floor().neg()
    }
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        match (lo, hi) {
            (None, None) => Dyadic::zero(),
            (Some(l), None) => {
                if l.signum() < 0 {
                    Dyadic::zero()
                } else {
                    l.floor().add(&Dyadic::from_i64(1))
                }
            }
            (None, Some(h)) => {
                if h.signum() > 0 {
                    Dyadic::zero()
                } else {
                    h.ceil().sub(&Dyadic::from_i64(1))
                }
            }
            (Some(l), Some(h)) => {
                if l.signum() < 0 && h.signum() > 0 {
                    return Dyadic::zero();
                }
                let one = Dyadic::from_i64(1);
                if l.signum() >= 0 {
                    let c = l.floor().add(&one);
                    if &c < h {
                        return c;
                    }
                } else {
                    let c = h.ceil().sub(&one);
                    if &c > l {
                        return c;
                    }
                }
                let mut k = 1;
                loop {
                    let cand = l.mul_pow2(k).floor().add(&one).mul_pow2(-k);
                    if &cand < h {
                        return cand;
                    }
                    k += 1;
                }
            }
        }
    }
    pub fn options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        if self.exp == 0 {
            match self.num.signum() {
                1 => (Some(Dyadic::norm(self.num - 1, 0)), None),
                -1 => (None, Some(Dyadic::norm(self.num + 1, 0))),
                _ => (None, None),
            }
        } else {
            (Some(Dyadic::norm(self.num - 1, self.exp)), Some(Dyadic::norm(self.num + 1, self.exp)))
        }
    }
    pub fn birthday(&self) -> u64 {
        let whole = (self.num.abs() >> self.exp) as u64;
        if self.exp == 0 {
            whole
        } else {
            whole + 1 + self.exp
        }
    }
    pub fn heap_bytes(&self) -> usize {
        0
    }
    pub fn parse(text: &str) -> Result<Dyadic, String> {
        let (n, d) = match text.find('/') {
            Some(i) => (&text[..i], &text[i + 1..]),
            None => (text, "1"),
        };
        let n: i128 = n.parse().map_err(|_| format!("bad number {text}"))?;
        let d: u128 = d.parse().map_err(|_| format!("bad number {text}"))?;
        if d == 0 || d & (d - 1) != 0 {
            return Err(format!("the denominator {d} is not a power of two"));
        }
        Ok(Dyadic::norm(n, d.trailing_zeros() as u64))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, o: &Dyadic) -> Ordering {
        let e = self.exp.max(o.exp);
        (self.num << (e - self.exp)).cmp(&(o.num << (e - o.exp)))
    }
}
impl PartialOrd for Dyadic {
    fn partial_cmp(&self, o: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u128 << self.exp)
        }
    }
}
