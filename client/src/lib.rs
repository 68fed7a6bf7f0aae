//! Yonin desktop client.
