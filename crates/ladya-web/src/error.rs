//! Errors as the API answers them (`{"error": "..."}` with a 4xx or 5xx status), and the
//! extractors that turn bad request bodies and queries into such errors.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// The largest request body.
pub const BODY_LIMIT: usize = 64 * 1024;

/// An answer other than success: a status and a message for people.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: ladya_games::clip(&message.into()).into_owned() }
    }

    /// A bad request (400).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl ApiError {
    /// The body: `{"error": "..."}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({ "error": self.message })
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.to_json())).into_response()
    }
}

/// A JSON request body of type `T`: a body too large is 413, one that is not JSON or lacks a
/// field is 400, both with a JSON error. The content type is not checked.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(request, state).await.map_err(|e| match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is over the limit of {} KiB", BODY_LIMIT / 1024),
            ),
            status => ApiError::new(status, e.body_text()),
        })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| ApiError::bad(format!("bad JSON body: {e}")))
    }
}

/// A query string read into `T`; a bad one is 400 with a JSON error.
pub struct QueryParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryParams<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        Query::try_from_uri(&parts.uri)
            .map(|Query(q)| QueryParams(q))
            .map_err(|e| ApiError::bad(format!("bad query: {}", e.body_text())))
    }
}
