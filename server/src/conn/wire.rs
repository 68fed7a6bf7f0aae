//! The connection's socket: the WebSocket limits, reading and decoding frames, writing
//! messages in the client's encoding, and closing.

use super::Ws;
use crate::limits::*;
use futures::stream::{SplitSink, SplitStream};
use futures::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::error::Error as WsError;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;
use yonin_core::protocol::{self, ClientMessage, CodecError, Encoding, ServerMessage};

/// The WebSocket limits every connection gets.
pub(crate) fn ws_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(WRITE_BUFFER_BYTES)
        .max_write_buffer_size(MAX_WRITE_BUFFER_BYTES)
        .max_message_size(Some(MAX_WS_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_WS_MESSAGE_BYTES))
}

/// What the socket gave.
pub(super) enum Incoming {
    Message(ClientMessage, Encoding),
    Bad(Encoding, String),
    TooLarge,
    Gone,
}

/// Reads until a data frame (answering pings on the way) and decodes it.
pub(super) async fn next_message(stream: &mut SplitStream<Ws>) -> Incoming {
    loop {
        match stream.next().await {
            None => return Incoming::Gone,
            Some(Err(WsError::Capacity(_))) => return Incoming::TooLarge,
            Some(Err(_)) => return Incoming::Gone,
            Some(Ok(msg)) => {
                if let Some(decoded) = decode(msg) {
                    return decoded;
                }
            }
        }
    }
}

/// Decodes a data frame; `None` for control frames.
pub(super) fn decode(msg: Message) -> Option<Incoming> {
    let (result, encoding) = match msg {
        Message::Text(t) => (protocol::from_json::<ClientMessage>(&t), Encoding::Json),
        Message::Binary(b) => (
            protocol::from_bincode::<ClientMessage>(&b),
            Encoding::Bincode,
        ),
        Message::Close(_) => return Some(Incoming::Gone),
        Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => return None,
    };
    Some(match result {
        Ok(m) => Incoming::Message(m, encoding),
        Err(CodecError::TooLarge) => Incoming::TooLarge,
        Err(CodecError::Malformed(e)) => Incoming::Bad(encoding, e),
    })
}

/// Encodes and writes one message, waiting at most `WRITE_TIMEOUT` for the socket to take it.
/// `Err` when the socket failed or stalled (a peer that stopped reading): the connection ends
/// and its seat goes down the grace path.
pub(super) async fn write(
    sink: &mut SplitSink<Ws, Message>,
    msg: &ServerMessage,
    encoding: Encoding,
) -> Result<(), WsError> {
    let frame = match encoding {
        Encoding::Json => protocol::to_json(msg).map(|t| Message::Text(t.into())),
        Encoding::Bincode => protocol::to_bincode(msg).map(|b| Message::Binary(b.into())),
    };
    match frame {
        Ok(frame) => send_frame(sink, frame).await,
        Err(e) => {
            // Only a message over MAX_SERVER_MESSAGE_BYTES fails here; skip it.
            tracing::error!("cannot encode a message: {e}");
            Ok(())
        }
    }
}

/// Sends one frame within `WRITE_TIMEOUT`.
pub(super) async fn send_frame(
    sink: &mut SplitSink<Ws, Message>,
    frame: Message,
) -> Result<(), WsError> {
    match tokio::time::timeout(WRITE_TIMEOUT, sink.send(frame)).await {
        Ok(r) => r,
        Err(_) => {
            tracing::info!("a client stopped reading: its write stalled for {WRITE_TIMEOUT:?}");
            Err(WsError::Io(std::io::ErrorKind::TimedOut.into()))
        }
    }
}

/// Sends a close frame and waits (briefly) for the peer's.
pub(super) async fn close(
    sink: &mut SplitSink<Ws, Message>,
    stream: &mut SplitStream<Ws>,
    code: CloseCode,
    reason: &'static str,
) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, async {
        if sink.send(Message::Close(Some(frame))).await.is_err() {
            return;
        }
        while let Some(Ok(_)) = stream.next().await {}
    })
    .await;
}
