// Linear Clobber, as a contestant writes it (tools/bundle/tests/bundle.rs bundles it, with --sizes,
// and checks that every byte of it is in the bundle as written, its two-space indentation, its tab
// and its comments too).
//
// Input: n, then n rows of `x` (Left's stones), `o` (Right's) and `.` (empty).
// A move slides one of your stones onto an adjacent stone of the opponent's, which is removed.
// The game is the sum of the rows; print who wins it: Left, Right, First or Second.
use graph_games::partizan::{Evaluator, Forms, Rules, Side};
use std::error::Error;
use std::io::{self, Read, Write};

struct Clobber;

// A position: its live segments (those where a move is left), each read the smaller way round,
// sorted, joined by `.`; the empty row is 0.
fn normal(row: &[u8]) -> Vec<u8> {
  let mut parts: Vec<Vec<u8>> = Vec::new();
  for seg in row.split(|&c| c == b'.') {
    let live = seg.windows(2).any(|w| w[0] != w[1]);
    if live {
      let back: Vec<u8> = seg.iter().rev().cloned().collect();
      parts.push(if back.as_slice() < seg { back } else { seg.to_vec() });
    }
  }
  parts.sort();
  parts.join(&b'.')
}

impl Rules for Clobber {
  type Position = Vec<u8>;

  fn moves(&self, row: &Vec<u8>, side: Side, list: &mut Vec<Vec<u8>>) {
    let (me, them) = if side == Side::Left { (b'x', b'o') } else { (b'o', b'x') };
    for i in 0..row.len() {
      if row[i] != me { continue; }
      for j in [i.wrapping_sub(1), i + 1] {
	if j < row.len() && row[j] == them {   // a tab, as some editors leave one
          let mut next = row.clone();
          next[i] = b'.';
          next[j] = me;
          list.push(normal(&next));
        }
      }
    }
  }

  fn split(&self, row: &Vec<u8>, parts: &mut Vec<Vec<u8>>) {
    if row.contains(&b'.') {
      parts.extend(row.split(|&c| c == b'.').map(|s| s.to_vec()));
    }
  }
}


fn main() -> Result<(), Box<dyn Error>> {
  let mut text = String::new();
  io::stdin().read_to_string(&mut text)?;
  let mut words = text.split_ascii_whitespace();
  let n: usize = words.next().ok_or("no n")?.parse()?;
  let mut forms = Forms::try_new()?;
  let mut game = Evaluator::new(Clobber);
  let mut parts = Vec::with_capacity(n);
  for _ in 0..n {
    let row = words.next().ok_or("a row is missing")?.as_bytes();
    parts.push(game.value(&mut forms, normal(row))?);   // `?`: the library's Error is an Error
  }
  let winner = forms.winner_of_sum(&parts)?;
  writeln!(io::stdout(), "{winner}")?;
  Ok(())
}
