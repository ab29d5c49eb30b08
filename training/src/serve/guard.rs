//! The server's protection against clients that misbehave at the HTTP level, before a
//! request reaches a route: connections that send nothing, requests that are ambiguous or
//! declare a body larger than any route accepts, bodies that trickle in, and refusals
//! without the JSON body every client of this server reads.
//!
//! - [`serve`]: the accept loop (hyper's HTTP/1 with a timer, so a connection that does not
//!   send a request head within [`HEADER_READ_TIMEOUT`], a new one or an idle kept-alive one,
//!   is closed; axum's own `serve` sets no timer and so no such limit).
//! - [`request_guard`]: refuses a second `Host` header (RFC 9112, section 3.2: "A server
//!   MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that
//!   lacks a Host header field and to any such message that contains more than one Host
//!   header field"), a declared `Content-Length` over the limit before any of the body is
//!   read, and a body that does not arrive within [`BODY_READ_TIMEOUT`].
//! - [`json_refusals`]: gives every refusal that a layer below wrote without a body (axum's
//!   405, for one) the `{"error": ...}` body. A request that is not HTTP at all (a NUL or
//!   another control byte in a header, a broken request line) is refused by hyper's parser
//!   before any route or layer sees it: a bare 400 with no body, and the connection closed.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;

use super::api::{ApiError, BODY_LIMIT};

/// How long a connection may take to send a request's head, from when the server starts
/// waiting for one (a new connection, or a kept-alive one after its last answer).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a request's body may take to arrive once its head is in.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves `router` on `listener` until the process stops.
pub async fn serve(listener: tokio::net::TcpListener, router: Router) -> std::io::Result<()> {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors and the like: the condition passes when connections
            // close, so wait a little rather than spin or stop serving everyone.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(HEADER_READ_TIMEOUT);
            // A client that goes away or breaks the protocol ends its own connection only.
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
        });
    }
}

/// The checks every request passes before its route (see the module's summary).
pub async fn request_guard(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    if req.headers().get_all(header::HOST).iter().count() > 1 {
        return ApiError(
            StatusCode::BAD_REQUEST,
            "a request carries one `Host` header, not several".into(),
        )
        .into_response();
    }
    if let Some(declared) = req.headers().get(header::CONTENT_LENGTH) {
        match declared
            .to_str()
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
        {
            None => {
                return ApiError(
                    StatusCode::BAD_REQUEST,
                    "`Content-Length` is not a number of bytes".into(),
                )
                .into_response()
            }
            Some(n) if n > BODY_LIMIT as u64 => {
                return ApiError(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("the body declares {n} bytes; the most accepted is {BODY_LIMIT}"),
                )
                .into_response()
            }
            Some(_) => {}
        }
    }
    // The body is read here, bounded in size and time, so no route waits on a slow client.
    let (parts, body) = req.into_parts();
    let read = axum::body::to_bytes(body, BODY_LIMIT);
    let bytes = match tokio::time::timeout(BODY_READ_TIMEOUT, read).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => {
            return ApiError(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the body is larger than {BODY_LIMIT} bytes or was cut off"),
            )
            .into_response()
        }
        Err(_) => {
            return ApiError(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the body did not arrive within {} seconds",
                    BODY_READ_TIMEOUT.as_secs()
                ),
            )
            .into_response()
        }
    };
    next.run(axum::extract::Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// Gives a refusal written without a body by a layer below (axum's 405 and the like) the
/// `{"error": ...}` body, naming the status; refusals that have one keep it.
pub async fn json_refusals(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let method = req.method().clone();
    let path = crate::style::sanitize(req.uri().path());
    let response = next.run(req).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let reason = status.canonical_reason().unwrap_or("refused");
    let message = if status == StatusCode::METHOD_NOT_ALLOWED {
        // The route adds its `Allow` header outside this layer; the reply still carries it.
        format!("{reason}: {path} does not take {method} (its `Allow` header lists what it does)")
    } else {
        format!("{reason}: {method} {path}")
    };
    let mut refusal = ApiError(status, message).into_response();
    refusal
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    refusal
}
