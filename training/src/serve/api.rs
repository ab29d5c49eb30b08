//! The HTTP routes of `broadside serve`.
//!
//! Every request is checked before it touches a game: ids, numbers (bounded where they
//! enter), bodies (size-limited, parsed here so a malformed one gets a plain message) and
//! the order itself (legal now, or refused with the game unchanged). A refusal is a 4xx with
//! `{"error": "..."}`; nothing a client sends can stop the server. Work that takes time
//! (opening a replay, the engine's search) runs off the request threads.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use broadside_env::ruleset::{self, AnyGame};
use broadside_env::savegame::SavedGame;
use broadside_env::Game;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::analysis::{self, Job, JobView};
use super::games::{budget_of, PlayGame};
use super::replays::Replay;
use crate::admiral::AdmiralSpec;

/// The largest body accepted: a saved game at the env's own limit, and a little.
pub const BODY_LIMIT: usize = broadside_env::data_files::SAVED_GAME_LIMIT as usize + 4096;
/// Games kept at once; the least recently used goes when a new one needs room.
pub const MAX_GAMES: usize = 256;
/// Replays kept at once.
pub const MAX_REPLAYS: usize = 32;
/// Jobs kept (finished ones are dropped oldest first), and jobs running at once.
pub const MAX_JOBS: usize = 64;
pub const MAX_RUNNING_JOBS: usize = 2;
/// The analysis's time per position, milliseconds.
pub const ANALYSIS_MS: (u64, u64) = (20, 30_000);
/// The mistake check's time per decision, and its whole budget.
pub const MISTAKE_MS: (u64, u64) = (10, 5_000);
pub const MISTAKE_TOTAL_MS: u64 = 30 * 60 * 1000;
/// The longest an admiral of the browser may think per decision.
pub const MAX_ADMIRAL_MS: u64 = 120_000;
/// The most search threads an admiral of the browser may use.
pub const MAX_ADMIRAL_THREADS: usize = 4;

/// A refusal: a status and a plain message, sent as `{"error": "..."}`.
#[derive(Debug)]
pub struct ApiError(pub StatusCode, pub String);

impl ApiError {
    fn bad(msg: impl Into<String>) -> Self {
        ApiError(StatusCode::BAD_REQUEST, msg.into())
    }
    fn not_found(msg: impl Into<String>) -> Self {
        ApiError(StatusCode::NOT_FOUND, msg.into())
    }
    fn conflict(msg: impl Into<String>) -> Self {
        ApiError(StatusCode::CONFLICT, msg.into())
    }
    fn internal(e: impl std::fmt::Display) -> Self {
        ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let text = crate::style::sanitize(&self.1);
        (self.0, Json(ErrorBody { error: &text })).into_response()
    }
}

type ApiResult<T> = Result<Json<T>, ApiError>;

/// Kept objects by id, the least recently used dropped when full.
struct Store<T> {
    items: HashMap<u64, (Arc<Mutex<T>>, Instant)>,
    limit: usize,
}

impl<T> Store<T> {
    fn new(limit: usize) -> Self {
        Store {
            items: HashMap::new(),
            limit,
        }
    }

    fn insert(&mut self, id: u64, item: T) -> Arc<Mutex<T>> {
        while self.items.len() >= self.limit {
            let Some(oldest) = self
                .items
                .iter()
                .min_by_key(|(id, (_, used))| (*used, **id))
                .map(|(id, _)| *id)
            else {
                break;
            };
            self.items.remove(&oldest);
        }
        let item = Arc::new(Mutex::new(item));
        self.items.insert(id, (item.clone(), Instant::now()));
        item
    }

    fn get(&mut self, id: u64) -> Option<Arc<Mutex<T>>> {
        self.items.get_mut(&id).map(|(item, used)| {
            *used = Instant::now();
            item.clone()
        })
    }
}

/// Everything the server keeps.
pub struct Server {
    games: Mutex<Store<PlayGame>>,
    replays: Mutex<Store<Replay>>,
    jobs: Mutex<HashMap<u64, Arc<Mutex<Job>>>>,
    running: Arc<AtomicUsize>,
    next_id: AtomicU64,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").finish_non_exhaustive()
    }
}

impl Server {
    fn new() -> Self {
        Server {
            games: Mutex::new(Store::new(MAX_GAMES)),
            replays: Mutex::new(Store::new(MAX_REPLAYS)),
            jobs: Mutex::new(HashMap::new()),
            running: Arc::new(AtomicUsize::new(0)),
            next_id: AtomicU64::new(1),
        }
    }

    fn id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn game(&self, id: &str) -> Result<Arc<Mutex<PlayGame>>, ApiError> {
        let n = parse_id(id)?;
        lock(&self.games)?
            .get(n)
            .ok_or_else(|| ApiError::not_found(format!("no game {n} (it ended with the server, or was the least recently used of {MAX_GAMES})")))
    }

    fn replay(&self, id: &str) -> Result<Arc<Mutex<Replay>>, ApiError> {
        let n = parse_id(id)?;
        lock(&self.replays)?.get(n).ok_or_else(|| {
            ApiError::not_found(format!("no replay {n} (open the saved game again)"))
        })
    }
}

/// A lock, or an internal error if a thread panicked while holding it.
fn lock<T>(m: &Mutex<T>) -> Result<std::sync::MutexGuard<'_, T>, ApiError> {
    m.lock()
        .map_err(|_| ApiError::internal("internal error: a lock was poisoned"))
}

fn parse_id(text: &str) -> Result<u64, ApiError> {
    text.parse::<u64>()
        .map_err(|_| ApiError::bad(format!("`{text}` is not an id (a whole number)")))
}

/// A JSON body of type `T`, with a plain message for what is wrong with it.
fn body<T: DeserializeOwned>(b: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = b.map_err(|e| ApiError(e.status(), e.body_text()))?;
    let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("the request body: {e}")))
}

fn path<T>(p: Result<Path<T>, PathRejection>) -> Result<T, ApiError> {
    p.map(|Path(t)| t)
        .map_err(|e| ApiError(e.status(), e.body_text()))
}

/// Runs blocking work off the request threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("internal error: {e}")))?
}

/// The routes. `loopback_only`: the server listens on a loopback address, so it answers
/// only requests addressed to this machine by name (see [`loopback_hosts_only`]).
pub fn router(loopback_only: bool) -> Router {
    router_with(loopback_only, Router::new())
}

/// [`router`] with `extra` routes (the ladder's page) behind the same checks.
pub fn router_with(loopback_only: bool, extra: Router<Arc<Server>>) -> Router {
    let server = Arc::new(Server::new());
    let router = Router::new()
        .route("/api/rulesets", get(rulesets))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(game_view))
        .route("/api/games/{id}/order", post(order))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/stop", post(stop_thinking))
        .route("/api/games/{id}/preview/{action}", get(preview))
        .route("/api/games/{id}/saved", get(saved))
        .route("/api/games/{id}/fields/{ship}", get(game_fields))
        .route("/api/games/{id}/replay", post(game_replay))
        .route("/api/replays", post(open_replay))
        .route("/api/replays/{id}/{step}", get(replay_view))
        .route(
            "/api/replays/{id}/{step}/preview/{action}",
            get(replay_preview),
        )
        .route("/api/replays/{id}/{step}/fields/{ship}", get(replay_fields))
        .route("/api/analysis", post(start_analysis))
        .route("/api/mistakes", post(start_mistakes))
        .route("/api/jobs/{id}", get(job_view))
        .merge(extra)
        .route("/api/puzzles", get(super::puzzles::list))
        .route("/api/puzzles/{id}", get(super::puzzles::show))
        .route("/api/puzzles/{id}/answer", post(super::puzzles::answer))
        .fallback(static_file)
        .layer(axum::middleware::from_fn(json_posts_only))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(server)
        .layer(axum::middleware::from_fn(super::guard::request_guard));
    let router = if loopback_only {
        router.layer(axum::middleware::from_fn(loopback_hosts_only))
    } else {
        router
    };
    // Outermost, so that a refusal from any layer above gets its JSON body.
    router.layer(axum::middleware::from_fn(super::guard::json_refusals))
}

/// Whether a `Host` header names this machine: `localhost`, `127.0.0.1` (any loopback IPv4
/// address) or `[::1]`, with any port.
pub fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Refuses a request whose `Host` is not this machine while the server listens on loopback:
/// a web page elsewhere whose name it made resolve to 127.0.0.1 (DNS rebinding) would
/// otherwise reach the server as if it were the board's own page.
async fn loopback_hosts_only(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !is_loopback_host(host) {
        return ApiError(
            StatusCode::MISDIRECTED_REQUEST,
            format!("this server answers requests to this machine only (127.0.0.1 or localhost), not `{host}`"),
        )
        .into_response();
    }
    next.run(req).await
}

/// Refuses a POST that does not say it carries JSON. Besides telling a client what is
/// expected, this keeps other web sites out: a page elsewhere cannot send a JSON content type
/// to this server without the browser asking first (a CORS preflight this server never
/// grants), so it cannot start games or searches here.
async fn json_posts_only(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    if req.method() == axum::http::Method::POST {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.trim()
                    .to_ascii_lowercase()
                    .starts_with("application/json")
            });
        if !json {
            return ApiError(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a POST carries JSON: send `Content-Type: application/json`".into(),
            )
            .into_response();
        }
    }
    next.run(req).await
}

async fn static_file(uri: Uri) -> Response {
    match super::assets::file(uri.path()) {
        Some((kind, text)) => ([(header::CONTENT_TYPE, kind)], text).into_response(),
        None => ApiError::not_found(format!("nothing at {}", uri.path())).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::is_loopback_host;

    #[test]
    fn only_this_machines_names_are_loopback_hosts() {
        for ok in [
            "127.0.0.1:8080",
            "localhost:1",
            "LOCALHOST",
            "[::1]:80",
            "127.1.2.3:9",
            "127.0.0.1",
        ] {
            assert!(is_loopback_host(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "10.0.0.1:80",
            "",
            "[::2]:80",
            "localhost.evil.example",
            "127.0.0.1.evil:80",
        ] {
            assert!(!is_loopback_host(bad), "{bad}");
        }
    }
}

#[derive(Serialize)]
struct ScenarioEntry {
    id: String,
    title: String,
    ships: usize,
    description: String,
}

#[derive(Serialize)]
struct RulesetEntry {
    name: &'static str,
    title: &'static str,
    default_scenario: &'static str,
    default_admiral: String,
    scenarios: Vec<ScenarioEntry>,
    levels: Vec<&'static str>,
    admirals: Vec<String>,
}

async fn rulesets() -> ApiResult<Vec<RulesetEntry>> {
    let mut out = Vec::new();
    for r in ruleset::rulesets() {
        let scenarios = ruleset::scenarios(r.name)
            .map_err(ApiError::internal)?
            .iter()
            .map(|s| {
                let i = s.info();
                ScenarioEntry {
                    id: i.id,
                    title: i.title,
                    ships: i.ships,
                    description: i.description,
                }
            })
            .collect();
        // The kinds of agent and the ruleset's own doctrines (networks are not offered).
        let bots = crate::admiral::known_for(r.name)
            .into_iter()
            .filter(|n| !n.starts_with("net:") && n != "default")
            .collect();
        out.push(RulesetEntry {
            name: r.name,
            title: r.title,
            default_scenario: r.default_scenario,
            default_admiral: AdmiralSpec::default_for(r.name).to_string(),
            scenarios,
            levels: broadside_agents::spec::LEVELS
                .iter()
                .map(|(l, _)| *l)
                .collect(),
            admirals: bots,
        });
    }
    Ok(Json(out))
}

/// A new game, or a saved one resumed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    ruleset: Option<String>,
    /// A built-in scenario id (files are not read on a client's word).
    scenario: Option<String>,
    side: Option<u8>,
    seed: Option<u64>,
    admiral: Option<String>,
    level: Option<String>,
    /// A saved game to resume (its scenario and actions).
    saved: Option<serde_json::Value>,
}

/// The admiral a request asks for, checked as `play` checks it and bounded for a server.
fn admiral_of(req: &NewGame, scenario: &ruleset::AnyScenario) -> Result<AdmiralSpec, ApiError> {
    let name = scenario.ruleset();
    let spec: AdmiralSpec = match (&req.admiral, &req.level) {
        (Some(_), Some(_)) => return Err(ApiError::bad("give an admiral or a level, not both")),
        (Some(text), None) => {
            if text.len() > 200 {
                return Err(ApiError::bad(
                    "the admiral's spec is longer than 200 characters",
                ));
            }
            if text.trim().to_ascii_lowercase().starts_with("net:") {
                return Err(ApiError::bad(
                    "network admirals (`net:`) load files and are not offered by the server; use `broadside play --admiral`",
                ));
            }
            AdmiralSpec::parse_for(text, name).map_err(|e| ApiError::bad(format!("{e:#}")))?
        }
        (None, Some(level)) => {
            if !broadside_agents::spec::LEVELS
                .iter()
                .any(|(l, _)| l == level)
            {
                return Err(ApiError::bad(format!(
                    "unknown level `{level}` (known: easy, medium, hard, expert)"
                )));
            }
            crate::admiral::level_spec(scenario, level)
                .parse()
                .map_err(|e| ApiError::internal(format!("{e:#}")))?
        }
        (None, None) => AdmiralSpec::default_for(name),
    };
    if let AdmiralSpec::Agent(a) = &spec {
        crate::select::check_spec(a, name).map_err(|e| ApiError::bad(format!("{e:#}")))?;
        if let broadside_agents::AgentSpec::Mcts { config, .. } = a {
            if config.threads > MAX_ADMIRAL_THREADS {
                return Err(ApiError::bad(format!(
                    "the server's admirals search on at most {MAX_ADMIRAL_THREADS} threads"
                )));
            }
        }
    }
    if !spec.plays(name) {
        return Err(ApiError::bad(format!(
            "the admiral `{spec}` does not play `{name}` (`random` and `mcts:level=easy` play every ruleset)"
        )));
    }
    if budget_of(&spec).is_some_and(|ms| ms > MAX_ADMIRAL_MS) {
        return Err(ApiError::bad(format!(
            "the server's admirals think at most {MAX_ADMIRAL_MS} ms a decision"
        )));
    }
    Ok(spec)
}

async fn new_game(
    State(s): State<Arc<Server>>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<super::games::GameView> {
    let req: NewGame = body(b)?;
    let side = req.side.unwrap_or(0);
    if side > 1 {
        return Err(ApiError::bad(format!("side {side}: the sides are 0 and 1")));
    }
    let saved = match &req.saved {
        Some(v) => Some(
            SavedGame::from_json(&v.to_string(), "the saved game")
                .map_err(|e| ApiError::bad(e.to_string()))?,
        ),
        None => None,
    };
    let scenario = match &saved {
        Some(sv) => {
            if req.ruleset.is_some() || req.scenario.is_some() {
                return Err(ApiError::bad(
                    "a resumed game plays its own scenario: leave out `ruleset` and `scenario`",
                ));
            }
            sv.scenario.clone()
        }
        None => {
            let name = req.ruleset.as_deref().unwrap_or(ruleset::DEFAULT_RULESET);
            let info =
                crate::select::ruleset_info(name).map_err(|e| ApiError::bad(e.to_string()))?;
            let id = req.scenario.as_deref().unwrap_or(info.default_scenario);
            if ruleset::names_a_file(id) {
                return Err(ApiError::bad(format!(
                    "`{id}` is not a built-in scenario id (the server reads no files on request)"
                )));
            }
            ruleset::scenario(info.name, id).map_err(|e| ApiError::bad(e.to_string()))?
        }
    };
    let admiral = admiral_of(&req, &scenario)?.for_scenario(scenario.id());
    let seed = req.seed.unwrap_or(1);
    let id = s.id();
    let game = blocking(move || {
        PlayGame::new(id, scenario, side, seed, admiral, saved.as_ref())
            .map_err(|e| ApiError::bad(format!("{e:#}")))
    })
    .await?;
    let view = game.view().map_err(ApiError::internal)?;
    lock(&s.games)?.insert(id, game);
    Ok(Json(view))
}

async fn game_view(
    State(s): State<Arc<Server>>,
    p: Result<Path<String>, PathRejection>,
) -> ApiResult<super::games::GameView> {
    let g = s.game(&path(p)?)?;
    let mut g = lock(&g)?;
    g.advance().map_err(ApiError::internal)?;
    g.view().map(Json).map_err(ApiError::internal)
}

/// An order by its catalogue index (the page's buttons) or by its name, typed as in the
/// terminal (`fire:0:1`): exactly one of the two.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OrderReq {
    action: Option<u64>,
    name: Option<String>,
}

async fn order(
    State(s): State<Arc<Server>>,
    p: Result<Path<String>, PathRejection>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<super::games::GameView> {
    let g = s.game(&path(p)?)?;
    let req: OrderReq = body(b)?;
    let mut g = lock(&g)?;
    match (req.action, req.name) {
        (Some(a), None) => g.order(a),
        (None, Some(name)) => g.order_named(&name),
        _ => {
            return Err(ApiError::bad(
                "an order gives either `action` (its number) or `name`, not both or neither",
            ))
        }
    }
    .map_err(ApiError::conflict)?;
    g.view().map(Json).map_err(ApiError::internal)
}

async fn undo(
    State(s): State<Arc<Server>>,
    p: Result<Path<String>, PathRejection>,
) -> ApiResult<super::games::GameView> {
    let g = s.game(&path(p)?)?;
    let mut g = lock(&g)?;
    g.undo().map_err(ApiError::conflict)?;
    g.view().map(Json).map_err(ApiError::internal)
}

/// Asks the admiral to stop thinking and play its best so far (409 when it is not thinking).
async fn stop_thinking(
    State(s): State<Arc<Server>>,
    p: Result<Path<String>, PathRejection>,
) -> ApiResult<super::games::GameView> {
    let g = s.game(&path(p)?)?;
    let mut g = lock(&g)?;
    g.stop_thinking().map_err(ApiError::conflict)?;
    g.view().map(Json).map_err(ApiError::internal)
}

async fn preview(
    State(s): State<Arc<Server>>,
    p: Result<Path<(String, String)>, PathRejection>,
) -> ApiResult<super::board::Board> {
    let (id, action) = path(p)?;
    let action = action
        .parse::<u64>()
        .map_err(|_| ApiError::bad(format!("`{action}` is not an action number")))?;
    let g = s.game(&id)?;
    let g = lock(&g)?;
    g.preview(action).map(Json).map_err(ApiError::conflict)
}

fn ship_number(text: &str) -> Result<usize, ApiError> {
    text.parse::<usize>()
        .map_err(|_| ApiError::bad(format!("`{text}` is not a ship number")))
}

async fn game_fields(
    State(s): State<Arc<Server>>,
    p: Result<Path<(String, String)>, PathRejection>,
) -> ApiResult<Vec<super::board::Area>> {
    let (id, ship) = path(p)?;
    let ship = ship_number(&ship)?;
    let g = s.game(&id)?;
    let g = lock(&g)?;
    g.fields(ship).map(Json).map_err(ApiError::internal)
}

async fn replay_fields(
    State(s): State<Arc<Server>>,
    p: Result<Path<(String, String, String)>, PathRejection>,
) -> ApiResult<Vec<super::board::Area>> {
    let (id, step, ship) = path(p)?;
    let step = step
        .parse::<usize>()
        .map_err(|_| ApiError::bad(format!("`{step}` is not a step number")))?;
    let ship = ship_number(&ship)?;
    let r = s.replay(&id)?;
    let r = lock(&r)?;
    if step > r.steps() {
        return Err(ApiError::bad(format!(
            "step {step} is past the end ({} actions)",
            r.steps()
        )));
    }
    r.fields(step, ship).map(Json).map_err(ApiError::internal)
}

async fn saved(
    State(s): State<Arc<Server>>,
    p: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let id = path(p)?;
    let g = s.game(&id)?;
    let text = lock(&g)?.saved().to_json();
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"broadside-game-{}.json\"",
                    parse_id(&id)?
                ),
            ),
        ],
        text,
    )
        .into_response())
}

async fn open_saved(s: &Arc<Server>, saved: SavedGame) -> ApiResult<super::replays::ReplayView> {
    let id = s.id();
    let replay =
        blocking(move || Replay::new(id, saved).map_err(|e| ApiError::bad(format!("{e:#}"))))
            .await?;
    let view = replay.view(0).map_err(ApiError::internal)?;
    lock(&s.replays)?.insert(id, replay);
    Ok(Json(view))
}

async fn game_replay(
    State(s): State<Arc<Server>>,
    p: Result<Path<String>, PathRejection>,
) -> ApiResult<super::replays::ReplayView> {
    let g = s.game(&path(p)?)?;
    let saved = lock(&g)?.saved();
    open_saved(&s, saved).await
}

async fn open_replay(
    State(s): State<Arc<Server>>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<super::replays::ReplayView> {
    let bytes = b.map_err(|e| ApiError(e.status(), e.body_text()))?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| ApiError::bad("the saved game is not UTF-8 text"))?;
    let saved = SavedGame::from_json(text, "the uploaded game")
        .map_err(|e| ApiError::bad(e.to_string()))?;
    open_saved(&s, saved).await
}

async fn replay_view(
    State(s): State<Arc<Server>>,
    p: Result<Path<(String, String)>, PathRejection>,
) -> ApiResult<super::replays::ReplayView> {
    let (id, step) = path(p)?;
    let step = step
        .parse::<usize>()
        .map_err(|_| ApiError::bad(format!("`{step}` is not a step number")))?;
    let r = s.replay(&id)?;
    let r = lock(&r)?;
    if step > r.steps() {
        return Err(ApiError::bad(format!(
            "step {step} is past the end (the game has {} actions)",
            r.steps()
        )));
    }
    r.view(step).map(Json).map_err(ApiError::internal)
}

async fn replay_preview(
    State(s): State<Arc<Server>>,
    p: Result<Path<(String, String, String)>, PathRejection>,
) -> ApiResult<super::board::Board> {
    let (id, step, action) = path(p)?;
    let step = step
        .parse::<usize>()
        .map_err(|_| ApiError::bad(format!("`{step}` is not a step number")))?;
    let action = action
        .parse::<u64>()
        .map_err(|_| ApiError::bad(format!("`{action}` is not an action number")))?;
    let r = s.replay(&id)?;
    let r = lock(&r)?;
    if step > r.steps() {
        return Err(ApiError::bad(format!(
            "step {step} is past the end ({} actions)",
            r.steps()
        )));
    }
    r.preview(step, action)
        .map(Json)
        .map_err(ApiError::conflict)
}

/// Which position an analysis is about.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisReq {
    game: Option<u64>,
    replay: Option<u64>,
    step: Option<usize>,
    time_ms: Option<u64>,
    seed: Option<u64>,
}

fn bounded(
    value: Option<u64>,
    default: u64,
    (lo, hi): (u64, u64),
    what: &str,
) -> Result<u64, ApiError> {
    let v = value.unwrap_or(default);
    if !(lo..=hi).contains(&v) {
        return Err(ApiError::bad(format!("{what} {v}: between {lo} and {hi}")));
    }
    Ok(v)
}

/// A place among the jobs running at once, given back when dropped.
struct RunningSlot(Arc<AtomicUsize>);

impl Drop for RunningSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Registers a job and runs `work` on a thread of its own, unless too many run already.
fn start_job(
    s: &Arc<Server>,
    kind: &'static str,
    total: usize,
    work: impl FnOnce(&Arc<Mutex<Job>>) + Send + 'static,
) -> ApiResult<JobView> {
    let running = s.running.clone();
    if running.fetch_add(1, Ordering::SeqCst) >= MAX_RUNNING_JOBS {
        running.fetch_sub(1, Ordering::SeqCst);
        return Err(ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the engine is busy ({MAX_RUNNING_JOBS} analyses running); try again when one ends"
            ),
        ));
    }
    // From here the place is given back however the job ends (or fails to start).
    let slot = RunningSlot(running);
    let id = s.id();
    let job = Arc::new(Mutex::new(Job::new(kind, total)));
    {
        let mut jobs = lock(&s.jobs)?;
        if jobs.len() >= MAX_JOBS {
            let mut finished: Vec<(Instant, u64)> = jobs
                .iter()
                .filter_map(|(id, j)| j.lock().ok().and_then(|j| j.finished_at).map(|t| (t, *id)))
                .collect();
            finished.sort();
            for (_, old) in finished.iter().take(jobs.len() + 1 - MAX_JOBS) {
                jobs.remove(old);
            }
        }
        jobs.insert(id, job.clone());
    }
    let view = lock(&job)?.view(id);
    std::thread::Builder::new()
        .name(format!("{kind}-{id}"))
        .spawn(move || {
            let _slot = slot;
            // A panic (a bug) ends the job with an error instead of leaving it running.
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&job)));
            if ran.is_err() {
                if let Ok(mut j) = job.lock() {
                    j.finish::<()>(Err(anyhow::anyhow!("internal error: the search failed")));
                }
            }
        })
        .map_err(|e| ApiError::internal(format!("cannot start the analysis: {e}")))?;
    Ok(Json(view))
}

/// The position a request names.
fn position(
    s: &Arc<Server>,
    game: Option<u64>,
    replay: Option<u64>,
    step: Option<usize>,
) -> Result<AnyGame, ApiError> {
    match (game, replay) {
        (Some(g), None) => {
            if step.is_some() {
                return Err(ApiError::bad(
                    "`step` goes with `replay`; a game is analysed where it stands",
                ));
            }
            let g = s.game(&g.to_string())?;
            let g = lock(&g)?;
            Ok(g.state().clone())
        }
        (None, Some(r)) => {
            let r = s.replay(&r.to_string())?;
            let r = lock(&r)?;
            let step = step.unwrap_or(0);
            if step > r.steps() {
                return Err(ApiError::bad(format!(
                    "step {step} is past the end ({} actions)",
                    r.steps()
                )));
            }
            r.state(step).map_err(ApiError::internal)
        }
        _ => Err(ApiError::bad(
            "name a `game` or a `replay` (with its `step`)",
        )),
    }
}

async fn start_analysis(
    State(s): State<Arc<Server>>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JobView> {
    let req: AnalysisReq = body(b)?;
    let time_ms = bounded(req.time_ms, 1000, ANALYSIS_MS, "time_ms")?;
    let state = position(&s, req.game, req.replay, req.step)?;
    if state.current_player().is_none() {
        return Err(ApiError::bad(
            "no side is to move in this position (dice are due, or the game is over): step on to a decision",
        ));
    }
    let seed = req.seed.unwrap_or(1);
    start_job(&s, "analysis", 1, move |job| {
        let outcome = analysis::analyse(&state, time_ms, seed)
            .and_then(|a| a.ok_or_else(|| anyhow::anyhow!("no side is to move")));
        if let Ok(mut j) = job.lock() {
            j.finish(outcome);
        }
    })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MistakesReq {
    replay: u64,
    side: Option<u8>,
    time_ms: Option<u64>,
    seed: Option<u64>,
}

async fn start_mistakes(
    State(s): State<Arc<Server>>,
    b: Result<Bytes, BytesRejection>,
) -> ApiResult<JobView> {
    let req: MistakesReq = body(b)?;
    if req.side.is_some_and(|p| p > 1) {
        return Err(ApiError::bad("side: 0 or 1 (or leave it out for both)"));
    }
    let time_ms = bounded(req.time_ms, 200, MISTAKE_MS, "time_ms")?;
    let r = s.replay(&req.replay.to_string())?;
    let (todo, forced) = {
        let r = lock(&r)?;
        let actions: Vec<_> = r.saved.actions.iter().map(|a| a.index).collect();
        let first = r.state(0).map_err(ApiError::internal)?;
        analysis::decisions_of(first, &actions, req.side)
    };
    let total_ms = todo.len() as u64 * time_ms;
    if total_ms > MISTAKE_TOTAL_MS {
        return Err(ApiError::bad(format!(
            "{} decisions at {time_ms} ms each would take {} minutes; the check takes at most {}: give a shorter time_ms or one side",
            todo.len(),
            total_ms / 60_000,
            MISTAKE_TOTAL_MS / 60_000
        )));
    }
    let seed = req.seed.unwrap_or(1);
    start_job(&s, "mistakes", todo.len(), move |job| {
        let outcome =
            analysis::mistake_check(todo, forced, time_ms, seed, analysis::report_to(job));
        if let Ok(mut j) = job.lock() {
            j.finish(outcome);
        }
    })
}

async fn job_view(
    State(s): State<Arc<Server>>,
    p: Result<Path<String>, PathRejection>,
) -> ApiResult<JobView> {
    let id = parse_id(&path(p)?)?;
    let job = lock(&s.jobs)?
        .get(&id)
        .cloned()
        .ok_or_else(|| ApiError::not_found(format!("no job {id}")))?;
    let view = lock(&job)?.view(id);
    Ok(Json(view))
}
