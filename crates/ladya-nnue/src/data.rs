//! Training data: positions from Ladya's own games, each with its search score and the
//! game's result, in a compact binary file that a run can add to and a later run can resume.
//!
//! A file is, in little-endian order: `LADYDATA`, the format version (u32, 2), the game's name
//! (8 bytes, padded with zero bytes), its squares (u16) and kinds of piece (u8), and each
//! square as Black sees it (one byte a square); then games, each a count of positions (u32)
//! and the positions. A position is its side to move (u8: 0 White, 1 Black), the result (u8:
//! 0 Black won, 1 drawn, 2 White won), the search score in White's view (i16), the full-move
//! number (u16), the number of pieces (u8) and, for each, its square (u8) and its side times
//! 128 plus its kind (u8).
//!
//! Files of version 1, whose positions have no move number, are still read (their move numbers
//! read as 0, unknown) and continued in their own version.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

use ladya_core::{Game, PlacedPiece, Side};
use thiserror::Error;

use crate::features::FeatureSpace;
use crate::game_name;

const MAGIC: &[u8; 8] = b"LADYDATA";
const VERSION: u32 = 2;

/// Why a data file cannot be read or added to.
#[derive(Debug, Error)]
pub enum DataError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The path names a directory, not a file.
    #[error("it is a directory, not a training-data file")]
    Directory,
    /// The file does not start like a data file.
    #[error("not a Ladya training-data file (it does not start with LADYDATA)")]
    NotData,
    /// The file ends before its header does: a run was stopped as it began the file.
    #[error("the header is incomplete: the file ends after {0} bytes, inside its header, and holds no game")]
    IncompleteHeader(u64),
    /// A format version this build does not read.
    #[error("data format version {0}, but this build reads versions 1 and {VERSION}")]
    Version(u32),
    /// Data of another game.
    #[error("the data is for {found}, not {expected}")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// The game the file names.
        found: String,
    },
    /// A position that is not one of the file's game.
    #[error("corrupt position in game {game}: {what}")]
    Corrupt {
        /// The number of the game holding it, from 0.
        game: u64,
        /// What is wrong.
        what: String,
    },
}

/// The result of a game, White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Black won.
    BlackWon = 0,
    /// Drawn.
    Draw = 1,
    /// White won.
    WhiteWon = 2,
}

impl GameResult {
    /// The result when `winner` won, or drawn.
    pub fn from_winner(winner: Option<Side>) -> GameResult {
        match winner {
            Some(Side::White) => GameResult::WhiteWon,
            Some(Side::Black) => GameResult::BlackWon,
            None => GameResult::Draw,
        }
    }

    /// White's score: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn white_score(self) -> f32 {
        self as u8 as f32 / 2.0
    }

    fn from_byte(byte: u8) -> Option<GameResult> {
        [GameResult::BlackWon, GameResult::Draw, GameResult::WhiteWon].get(byte as usize).copied()
    }
}

/// One position for training.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The side to move.
    pub side_to_move: Side,
    /// The search's score, White's view, in the game's evaluation units.
    pub score: i16,
    /// How the game ended.
    pub result: GameResult,
    /// The full-move number ([`Game::move_number`]); 0 where the file does not keep it
    /// (version 1).
    pub move_number: u16,
    /// Every piece on the board.
    pub pieces: Vec<PlacedPiece>,
}

impl Sample {
    /// The position `pos` with `score` (its side to move's view) and the game's `result`.
    pub fn of<G: Game>(pos: &G, score: i16, result: GameResult) -> Sample {
        let mut pieces = Vec::new();
        pos.placed_pieces(&mut pieces);
        let side_to_move = pos.side_to_move();
        let score = if side_to_move == Side::White { score } else { score.saturating_neg() };
        let move_number = pos.move_number().min(u16::MAX as u32) as u16;
        Sample { side_to_move, score, result, move_number, pieces }
    }

    /// Appends the position in the layout of format `version`.
    fn write(&self, out: &mut Vec<u8>, version: u32) {
        out.extend_from_slice(&[self.side_to_move as u8, self.result as u8]);
        out.extend_from_slice(&self.score.to_le_bytes());
        if version >= 2 {
            out.extend_from_slice(&self.move_number.to_le_bytes());
        }
        out.push(self.pieces.len() as u8);
        for p in &self.pieces {
            out.extend_from_slice(&[p.square, (p.side as u8) << 7 | p.kind]);
        }
    }
}

/// The header of a data file: its format version, its game and the shape of its inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataHeader {
    /// The format version: 2, or 1 for files without move numbers.
    pub version: u32,
    /// The game's name.
    pub game: String,
    /// Its squares, kinds of piece and how Black sees each square.
    pub space: FeatureSpace,
}

impl DataHeader {
    fn of<G: Game>() -> DataHeader {
        DataHeader { version: VERSION, game: G::NAME.to_string(), space: FeatureSpace::of::<G>() }
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&game_name::to_bytes(&self.game));
        out.extend_from_slice(&(self.space.squares as u16).to_le_bytes());
        out.push(self.space.kinds as u8);
        out.extend_from_slice(&self.space.flipped);
        out
    }

    fn read(input: &mut impl Read) -> Result<DataHeader, DataError> {
        let mut fixed = [0u8; 8 + 4 + 8 + 3];
        let got = read_up_to(input, &mut fixed)?;
        let magic = got.min(MAGIC.len());
        if fixed[..magic] != MAGIC[..magic] {
            return Err(DataError::NotData);
        }
        if got < fixed.len() {
            return Err(DataError::IncompleteHeader(got as u64));
        }
        let version = u32::from_le_bytes(fixed[8..12].try_into().expect("4 bytes"));
        if !(1..=VERSION).contains(&version) {
            return Err(DataError::Version(version));
        }
        let game = game_name::from_bytes(fixed[12..20].try_into().expect("8 bytes"));
        let squares = u16::from_le_bytes([fixed[20], fixed[21]]) as usize;
        let kinds = fixed[22] as usize;
        let mut flipped = vec![0; squares];
        let got = read_up_to(input, &mut flipped)?;
        if got < squares {
            return Err(DataError::IncompleteHeader((fixed.len() + got) as u64));
        }
        Ok(DataHeader { version, game, space: FeatureSpace { squares, kinds, flipped } })
    }
}

/// Reads into `buffer` until it is full or the input ends; returns the bytes read.
fn read_up_to(input: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buffer.len() {
        match input.read(&mut buffer[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Reads one game's positions; `None` at the end of the file or of a game cut short.
fn read_game(input: &mut impl Read, header: &DataHeader, number: u64) -> Result<Option<Vec<Sample>>, DataError> {
    let mut count = [0u8; 4];
    if input.read_exact(&mut count).is_err() {
        return Ok(None);
    }
    let corrupt = |what: String| DataError::Corrupt { game: number, what };
    let mut samples = Vec::with_capacity(u32::from_le_bytes(count).min(4096) as usize);
    // Format 2 puts the move number (u16) before the number of pieces.
    let has_move_number = header.version >= 2;
    let fixed_bytes = if has_move_number { 7 } else { 5 };
    for _ in 0..u32::from_le_bytes(count) {
        let mut fixed = [0u8; 7];
        if input.read_exact(&mut fixed[..fixed_bytes]).is_err() {
            return Ok(None);
        }
        let (move_number, pieces) =
            if has_move_number { (u16::from_le_bytes([fixed[4], fixed[5]]), fixed[6]) } else { (0, fixed[4]) };
        let side_to_move = match fixed[0] {
            0 => Side::White,
            1 => Side::Black,
            other => return Err(corrupt(format!("side to move {other}"))),
        };
        let result = GameResult::from_byte(fixed[1]).ok_or_else(|| corrupt(format!("result {}", fixed[1])))?;
        let score = i16::from_le_bytes([fixed[2], fixed[3]]);
        let mut raw = vec![0u8; 2 * pieces as usize];
        if input.read_exact(&mut raw).is_err() {
            return Ok(None);
        }
        let mut pieces = Vec::with_capacity(raw.len() / 2);
        for pair in raw.chunks_exact(2) {
            let (square, kind) = (pair[0], pair[1] & 0x7F);
            if square as usize >= header.space.squares || kind as usize >= header.space.kinds {
                return Err(corrupt(format!("piece of kind {kind} on square {square}")));
            }
            let side = if pair[1] & 0x80 == 0 { Side::White } else { Side::Black };
            pieces.push(PlacedPiece::new(side, kind, square));
        }
        samples.push(Sample { side_to_move, score, result, move_number, pieces });
    }
    Ok(Some(samples))
}

/// Every position of a data file.
#[derive(Clone, Debug)]
pub struct DataSet {
    /// The file's header.
    pub header: DataHeader,
    /// Its positions, game after game.
    pub samples: Vec<Sample>,
    /// How many positions each complete game has, in order: `samples` game by game.
    pub game_lengths: Vec<u32>,
}

impl DataSet {
    /// Reads every complete game of the file at `path` (a game cut short at the end is left
    /// out).
    ///
    /// # Errors
    /// A file that cannot be read, is not a data file, or holds a corrupt position.
    pub fn read(path: &Path) -> Result<DataSet, DataError> {
        if path.is_dir() {
            return Err(DataError::Directory);
        }
        let mut input = io::BufReader::new(File::open(path)?);
        let header = DataHeader::read(&mut input)?;
        let (mut samples, mut game_lengths) = (Vec::new(), Vec::new());
        while let Some(game) = read_game(&mut input, &header, game_lengths.len() as u64)? {
            game_lengths.push(game.len() as u32);
            samples.extend(game);
        }
        Ok(DataSet { header, samples, game_lengths })
    }
}

/// Adds games to a data file.
#[derive(Debug)]
pub struct DataWriter {
    output: BufWriter<File>,
    version: u32,
    games: u64,
    samples: u64,
    buffer: Vec<u8>,
}

impl DataWriter {
    /// Opens `path` to add games of `G`: a new file gets a header; an existing one is checked
    /// and cut after its last complete game (what an interrupted run left half-written), and
    /// continued in its own format version. A file that ends inside the header of `G`'s data
    /// (a run stopped as it began the file) holds no game: it is started anew.
    ///
    /// # Errors
    /// A file that cannot be read or written, is not a data file, is for another game, or
    /// holds a corrupt position.
    pub fn append<G: Game>(path: &Path) -> Result<DataWriter, DataError> {
        if path.is_dir() {
            return Err(DataError::Directory);
        }
        let mut file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(path)?;
        let expected = DataHeader::of::<G>();
        let (mut games, mut samples, mut version) = (0, 0, VERSION);
        let length = file.metadata()?.len();
        let mut start = vec![0; expected.bytes().len()];
        let got = read_up_to(&mut file, &mut start)?;
        file.seek(SeekFrom::Start(0))?;
        if length < start.len() as u64 && start[..got] == expected.bytes()[..got] {
            file.set_len(0)?;
            file.write_all(&expected.bytes())?;
        } else {
            let mut input = io::BufReader::new(&mut file);
            let header = DataHeader::read(&mut input)?;
            if header.game != expected.game || header.space != expected.space {
                return Err(DataError::WrongGame { expected: expected.game, found: header.game });
            }
            version = header.version;
            let mut complete = input.stream_position()?;
            while let Some(game) = read_game(&mut input, &header, games)? {
                games += 1;
                samples += game.len() as u64;
                complete = input.stream_position()?;
            }
            drop(input);
            file.set_len(complete)?;
        }
        file.seek(SeekFrom::End(0))?;
        Ok(DataWriter { output: BufWriter::new(file), version, games, samples, buffer: Vec::new() })
    }

    /// Complete games in the file.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Positions in the file.
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// Adds one game's positions and flushes them to the file.
    ///
    /// # Errors
    /// Writing failed.
    pub fn write_game(&mut self, samples: &[Sample]) -> io::Result<()> {
        self.buffer.clear();
        self.buffer.extend_from_slice(&(samples.len() as u32).to_le_bytes());
        for sample in samples {
            sample.write(&mut self.buffer, self.version);
        }
        self.output.write_all(&self.buffer)?;
        self.output.flush()?;
        self.games += 1;
        self.samples += samples.len() as u64;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ladya_chess::Position;
    use ladya_core::{Game, MoveList};

    fn game_of(plies: usize) -> Vec<Sample> {
        let mut pos = Position::start();
        let mut samples = Vec::new();
        for ply in 0..plies {
            samples.push(Sample::of(&pos, ply as i16 * 10 - 7, GameResult::Draw));
            let mut moves = MoveList::new();
            Game::legal_moves(&pos, &mut moves);
            pos.make(moves[ply % moves.len()]);
        }
        samples
    }

    #[test]
    fn a_file_cut_inside_its_header_says_so_and_is_started_anew() {
        let dir = std::env::temp_dir().join(format!("ladya-data-header-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("cut.data");
        let header = DataHeader::of::<Position>().bytes();
        for cut in [3, 8, 15, 23, 40, header.len() - 1] {
            std::fs::write(&path, &header[..cut]).unwrap();
            let message = DataSet::read(&path).unwrap_err().to_string();
            let expected = format!("the header is incomplete: the file ends after {cut} bytes");
            assert!(message.starts_with(&expected), "{message}");
            // Past the game's name (from byte 12), another game's data cannot go on from it;
            // its own game's starts it anew.
            if cut > 12 {
                let other = DataWriter::append::<ladya_ugolki::Position>(&path).unwrap_err();
                assert!(matches!(other, DataError::IncompleteHeader(n) if n == cut as u64), "{other}");
            }
            let mut writer = DataWriter::append::<Position>(&path).unwrap();
            assert_eq!(writer.games(), 0);
            writer.write_game(&game_of(4)).unwrap();
            drop(writer);
            assert_eq!(DataSet::read(&path).unwrap().game_lengths, [4]);
        }
        // Bytes that are no data file's start are not taken for a cut header.
        std::fs::write(&path, b"LADYX").unwrap();
        assert!(matches!(DataSet::read(&path), Err(DataError::NotData)));
        assert!(matches!(DataWriter::append::<Position>(&path), Err(DataError::NotData)));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn games_written_are_read_back_and_a_cut_game_is_dropped() {
        let dir = std::env::temp_dir().join(format!("ladya-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("chess.data");
        let _ = std::fs::remove_file(&path);
        let (first, second) = (game_of(6), game_of(9));
        let mut writer = DataWriter::append::<Position>(&path).unwrap();
        writer.write_game(&first).unwrap();
        writer.write_game(&second).unwrap();
        drop(writer);
        let set = DataSet::read(&path).unwrap();
        assert_eq!((set.game_lengths.as_slice(), set.header.game.as_str()), (&[6, 9][..], "chess"));
        assert_eq!(set.samples, [first.clone(), second].concat());
        assert_eq!(set.samples[1].side_to_move, Side::Black);
        assert_eq!(set.samples[1].score, -3, "Black's +3 is White's -3");
        let numbers: Vec<u16> = set.samples[..6].iter().map(|s| s.move_number).collect();
        assert_eq!(numbers, [1, 1, 2, 2, 3, 3]);

        // An interrupted run leaves half a game: reading skips it, appending cuts it off.
        let full = std::fs::metadata(&path).unwrap().len();
        std::fs::OpenOptions::new().append(true).open(&path).unwrap().write_all(&[5, 0, 0, 0, 0, 2]).unwrap();
        assert_eq!(DataSet::read(&path).unwrap().game_lengths.len(), 2);
        let mut writer = DataWriter::append::<Position>(&path).unwrap();
        assert_eq!((writer.games(), writer.samples()), (2, 15));
        assert_eq!(std::fs::metadata(&path).unwrap().len(), full);
        writer.write_game(&first).unwrap();
        drop(writer);
        assert_eq!(DataSet::read(&path).unwrap().game_lengths.len(), 3);

        let err = DataWriter::append::<ladya_ugolki::Position>(&path).unwrap_err();
        assert_eq!(err.to_string(), "the data is for chess, not ugolki");
        // A file of format 1 has no move numbers: it reads as 0 and goes on in format 1.
        let old = dir.join("old.data");
        let header = DataHeader { version: 1, ..DataHeader::of::<Position>() };
        let mut bytes = header.bytes();
        bytes.extend_from_slice(&2u32.to_le_bytes());
        first[..2].iter().for_each(|sample| sample.write(&mut bytes, 1));
        std::fs::write(&old, &bytes).unwrap();
        let mut writer = DataWriter::append::<Position>(&old).unwrap();
        writer.write_game(&first).unwrap();
        drop(writer);
        let set = DataSet::read(&old).unwrap();
        assert_eq!((set.header.version, set.game_lengths.as_slice()), (1, &[2, 6][..]));
        assert!(set.samples.iter().all(|s| s.move_number == 0));
        assert_eq!(
            set.samples[2..].iter().map(|s| s.pieces.clone()).collect::<Vec<_>>(),
            first.iter().map(|s| s.pieces.clone()).collect::<Vec<_>>()
        );

        std::fs::write(&path, b"LADYNNUE").unwrap();
        assert!(matches!(DataSet::read(&path), Err(DataError::NotData)));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
