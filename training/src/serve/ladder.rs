//! The ladder's page: `broadside serve --ladder DIR` shows a ladder folder's leaderboard
//! (ratings with their 95% intervals, games, W-D-L, forfeits) and the pairwise score table
//! at `/ladder`, from `/api/ladder` (what `broadside ladder DIR show --json` prints, read
//! afresh on every request, so a `run` in progress shows its games as they are written).
//! The page's files are served from here, not from `assets`: the board's page only links
//! to it.

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

const PAGE: &str = include_str!("../../web/ladder.html");
const SCRIPT: &str = include_str!("../../web/ladder.js");

/// The ladder's routes, for a router of any state; `dir` is the ladder shown (`None`: the
/// page says that no ladder is served).
pub fn routes<S: Clone + Send + Sync + 'static>(dir: Option<PathBuf>) -> Router<S> {
    Router::new()
        .route("/ladder", get(page))
        .route("/ladder.js", get(script))
        .route("/api/ladder", get(summary))
        .with_state(Arc::new(dir))
}

async fn page() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE).into_response()
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
        .into_response()
}

fn refusal(status: StatusCode, msg: String) -> Response {
    (status, Json(serde_json::json!({ "error": msg }))).into_response()
}

async fn summary(State(dir): State<Arc<Option<PathBuf>>>) -> Response {
    let Some(dir) = dir.as_ref().clone() else {
        return refusal(
            StatusCode::NOT_FOUND,
            "no ladder is served: start the server with `broadside serve --ladder DIR`".into(),
        );
    };
    // The files are read off the runtime's threads: a ladder's results can be long.
    match tokio::task::spawn_blocking(move || crate::cmd::ladder::summary(&dir)).await {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(e)) => refusal(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")),
        Err(e) => refusal(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}
