//! The board's puzzle mode: the shipped puzzles ([`crate::puzzles::shipped`]) by ruleset and
//! tag, a puzzle's position with its legal orders (never its solution), and the verdict on
//! an order: right or wrong, the winning order, the engine's line and the tactics it uses.
//!
//! `GET /api/puzzles?ruleset=R&tag=T` lists them; `GET /api/puzzles/{id}` gives one's saved
//! game (the page opens it as a replay to draw the board) and its orders;
//! `POST /api/puzzles/{id}/answer {"action": N}` judges an order.

use std::sync::OnceLock;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::Json;
use broadside_agents::tactics::tactics_of;
use broadside_env::game::{Action, Game};
use broadside_env::savegame::SavedGame;
use serde::{Deserialize, Serialize};

use super::api::ApiError;
use crate::puzzles::{position, shipped, solves, Order, Puzzle};

/// The shipped puzzles, read and checked once.
fn all() -> Result<&'static [Puzzle], ApiError> {
    static SHIPPED: OnceLock<Result<Vec<Puzzle>, String>> = OnceLock::new();
    SHIPPED
        .get_or_init(|| shipped::all().map_err(|e| format!("the shipped puzzles: {e}")))
        .as_deref()
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.clone()))
}

fn find(id: &str) -> Result<&'static Puzzle, ApiError> {
    all()?
        .iter()
        .find(|p| p.id == id)
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("no puzzle `{id}`")))
}

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, msg.into())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    ruleset: Option<String>,
    tag: Option<String>,
}

/// A puzzle in a list: what picks it, never its solution.
#[derive(Debug, Serialize)]
pub struct Summary {
    id: String,
    ruleset: String,
    scenario: String,
    tags: Vec<String>,
    difficulty: u32,
}

/// A tag of a ruleset and how many shipped puzzles carry it.
#[derive(Debug, Serialize)]
pub struct TagCount {
    name: &'static str,
    line: &'static str,
    puzzles: usize,
}

#[derive(Debug, Serialize)]
pub struct ListView {
    puzzles: Vec<Summary>,
    /// The ruleset's tactics (when a ruleset is given), with their puzzle counts.
    tags: Vec<TagCount>,
}

/// `GET /api/puzzles?ruleset=R&tag=T`.
pub async fn list(q: Result<Query<ListQuery>, QueryRejection>) -> Result<Json<ListView>, ApiError> {
    let Query(q) = q.map_err(|e| bad(e.body_text()))?;
    let all = all()?;
    let of_ruleset = |p: &&Puzzle| q.ruleset.as_ref().is_none_or(|r| &p.ruleset == r);
    let tags = match &q.ruleset {
        Some(r) => tactics_of(r)
            .ok_or_else(|| bad(format!("no ruleset `{r}` (see /api/rulesets)")))?
            .into_iter()
            .map(|t| TagCount {
                name: t.name,
                line: t.line,
                puzzles: all
                    .iter()
                    .filter(of_ruleset)
                    .filter(|p| p.tags.iter().any(|x| x == t.name))
                    .count(),
            })
            .collect(),
        None => Vec::new(),
    };
    let puzzles = all
        .iter()
        .filter(of_ruleset)
        .filter(|p| q.tag.as_ref().is_none_or(|t| p.tags.contains(t)))
        .map(|p| Summary {
            id: p.id.clone(),
            ruleset: p.ruleset.clone(),
            scenario: p.scenario.clone(),
            tags: p.tags.clone(),
            difficulty: p.difficulty.level,
        })
        .collect();
    Ok(Json(ListView { puzzles, tags }))
}

/// A legal order of a puzzle's position.
#[derive(Debug, Serialize)]
pub struct OrderView {
    action: Action,
    name: String,
    text: String,
}

/// A puzzle to solve.
#[derive(Debug, Serialize)]
pub struct PuzzleView {
    id: String,
    ruleset: String,
    scenario: String,
    player: u8,
    difficulty: u32,
    /// The game up to the position (the page opens it as a replay).
    game: &'static SavedGame,
    /// The legal orders there, resigning aside.
    orders: Vec<OrderView>,
}

fn id_of(p: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    p.map(|Path(id)| id).map_err(|e| bad(e.body_text()))
}

/// `GET /api/puzzles/{id}`.
pub async fn show(p: Result<Path<String>, PathRejection>) -> Result<Json<PuzzleView>, ApiError> {
    let p = find(&id_of(p)?)?;
    let g = position(p).map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let resign = g.spec().resign_action();
    let orders = g
        .legal_actions()
        .iter()
        .filter(|&a| Some(a) != resign)
        .map(|a| OrderView {
            action: a,
            name: g.spec().action_name(a).to_string(),
            text: crate::style::sanitize(&g.describe_action(a)),
        })
        .collect();
    Ok(Json(PuzzleView {
        id: p.id.clone(),
        ruleset: p.ruleset.clone(),
        scenario: p.scenario.clone(),
        player: p.player,
        difficulty: p.difficulty.level,
        game: &p.game,
        orders,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerReq {
    action: u64,
}

/// A named tactic the solution uses.
#[derive(Debug, Serialize)]
pub struct TacticView {
    name: String,
    line: String,
}

/// The verdict on an order.
#[derive(Debug, Serialize)]
pub struct Verdict {
    correct: bool,
    /// The order given, as the game describes it.
    given: String,
    solution: &'static Order,
    alternative: &'static Order,
    continuation: &'static [String],
    tactics: Vec<TacticView>,
}

/// `POST /api/puzzles/{id}/answer`.
pub async fn answer(
    p: Result<Path<String>, PathRejection>,
    b: Result<Bytes, BytesRejection>,
) -> Result<Json<Verdict>, ApiError> {
    let p = find(&id_of(p)?)?;
    let bytes = b.map_err(|e| ApiError(e.status(), e.body_text()))?;
    let req: AnswerReq =
        serde_json::from_slice(&bytes).map_err(|e| bad(format!("the request body: {e}")))?;
    let g = position(p).map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let action = Action::try_from(req.action)
        .ok()
        .filter(|&a| (a as usize) < g.spec().num_actions && g.legal_actions().contains(a))
        .ok_or_else(|| {
            bad(format!(
                "order {} is not legal in the puzzle's position",
                req.action
            ))
        })?;
    let list = tactics_of(&p.ruleset).unwrap_or_default();
    let tactics = p
        .tags
        .iter()
        .map(|t| TacticView {
            name: t.clone(),
            line: list
                .iter()
                .find(|x| x.name == t)
                .map_or_else(String::new, |x| x.line.to_string()),
        })
        .collect();
    Ok(Json(Verdict {
        correct: solves(p, action),
        given: crate::style::sanitize(&g.describe_action(action)),
        solution: &p.solution,
        alternative: &p.alternative,
        continuation: &p.continuation,
        tactics,
    }))
}
