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

/// How long a request body may take to arrive, once its headers have.
pub const BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

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

/// The message of an error answer, kept on the response for the log.
#[derive(Clone, Debug)]
pub struct ErrorMessage(pub String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.to_json())).into_response();
        response.extensions_mut().insert(ErrorMessage(self.message));
        response
    }
}

/// A JSON request body of type `T`: a body too large is 413, one that takes longer than
/// [`BODY_TIMEOUT`] to arrive is 408, one that is not JSON or lacks a field is 400, all with a
/// JSON error. (The content type is checked in front of every route.)
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let seconds = BODY_TIMEOUT.as_secs();
        let arrived = tokio::time::timeout(BODY_TIMEOUT, Bytes::from_request(request, state)).await.map_err(|_| {
            ApiError::new(StatusCode::REQUEST_TIMEOUT, format!("the request body did not all come within {seconds} s"))
        })?;
        let bytes = arrived.map_err(|e| match e.status() {
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
