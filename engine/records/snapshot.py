"""Snapshots: a game state as versioned, self-checking text, and back, exactly.

The codec is derived from the type hints of :class:`~engine.state.GameState`'s dataclass
fields (and of the dataclasses, named tuples and enums they hold), so a field added to the
state is saved and restored with no change here. The schema fingerprint is a hash of that
field structure: change a field, a type or an enum's values and every older snapshot stops
loading (it is rebuilt by replay, which stays the ground truth).

The text is ``quicksilver-state <schema> <sha256 of the body>`` on its first line and the
JSON body after it; :func:`load` refuses anything whose schema, digest or shape is off.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import sys
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast

from engine.state import GameState

FORMAT = 1  # bump when the text layout itself (not the state's fields) changes
_MAGIC = "quicksilver-state"

_T = TypeVar("_T")
Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]


class SnapshotError(ValueError):
    """A snapshot that cannot be trusted: another schema, a bad digest, a wrong shape."""


# --- the schema fingerprint -----------------------------------------------------------
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _describe(tp: Any, seen: frozenset[type] = frozenset()) -> str:
    """A canonical text for a type: names, field names, field types, enum values."""
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return f"literal[{','.join(repr(a) for a in typing.get_args(tp))}]"
    if origin is not None:
        args = ",".join(_describe(a, seen) for a in typing.get_args(tp))
        name = "union" if origin in (typing.Union, types.UnionType) else origin.__name__
        return f"{name}[{args}]"
    if tp is type(None):
        return "None"
    if not isinstance(tp, type):
        raise TypeError(f"snapshots cannot describe the type {tp!r}")
    if tp in seen:
        return tp.__qualname__
    inner = seen | {tp}
    if issubclass(tp, enum.Enum):
        return f"{tp.__qualname__}<{'|'.join(str(m.value) for m in tp)}>"
    if dataclasses.is_dataclass(tp) or _is_named_tuple(tp):
        body = ",".join(f"{n}:{_describe(t, inner)}" for n, t in _field_types(tp).items())
        return f"{tp.__qualname__}{{{body}}}"
    if tp in (bool, int, str, float):
        return tp.__name__
    raise TypeError(f"snapshots cannot save a field of type {tp.__qualname__}")


def _is_named_tuple(tp: type) -> bool:
    return issubclass(tp, tuple) and hasattr(tp, "_fields")


def _field_types(tp: type) -> dict[str, Any]:
    hints = _hints(tp)
    if _is_named_tuple(tp):
        return {name: hints[name] for name in cast(Any, tp)._fields}
    return {f.name: hints[f.name] for f in dataclasses.fields(tp)}


@cache
def schema() -> str:
    """The fingerprint of the state's structure: equal schemas read each other's text."""
    text = f"{FORMAT}:{_describe(GameState)}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --- codecs, compiled once per type ------------------------------------------------------
@cache
def _codec(tp: Any) -> tuple[Encode, Decode]:
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return _literal_codec(typing.get_args(tp))
    if origin in (typing.Union, types.UnionType):
        return _optional_codec(tp)
    if origin in (list, set, frozenset):
        return _collection_codec(origin, typing.get_args(tp)[0])
    if origin is dict:
        key, value = typing.get_args(tp)
        return _dict_codec(key, value)
    if origin is tuple:
        return _tuple_codec(typing.get_args(tp))
    if tp in (bool, int, str, float):
        return _scalar_codec(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_codec(tp)
    if isinstance(tp, type) and _is_named_tuple(tp):
        return _named_tuple_codec(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_codec(tp)
    raise TypeError(f"snapshots cannot save a field of type {tp!r}")


def _fail(what: str, value: Any) -> SnapshotError:
    return SnapshotError(f"expected {what}, found {str(value)[:40]!r}")


def _scalar_codec(tp: type) -> tuple[Encode, Decode]:
    def decode(value: Any) -> Any:
        ok = type(value) is tp or (tp is float and type(value) is int)
        if not ok:
            raise _fail(tp.__name__, value)
        return sys.intern(value) if tp is str else value  # ids are shared by every game

    return (lambda value: value), decode


def _literal_codec(values: tuple[Any, ...]) -> tuple[Encode, Decode]:
    def decode(value: Any) -> Any:
        if value not in values:
            raise _fail(f"one of {values}", value)
        return sys.intern(value) if isinstance(value, str) else value

    return (lambda value: value), decode


def _enum_codec(tp: type[enum.Enum]) -> tuple[Encode, Decode]:
    def decode(value: Any) -> Any:
        try:
            return tp(value)
        except ValueError:
            raise _fail(tp.__name__, value) from None

    return (lambda member: member.value), decode


def _optional_codec(tp: Any) -> tuple[Encode, Decode]:
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    if len(args) != 1 or len(typing.get_args(tp)) != 2:
        raise TypeError(f"snapshots save only 'X | None' unions, not {tp!r}")
    encode, decode = _codec(args[0])
    return (
        lambda value: None if value is None else encode(value),
        lambda value: None if value is None else decode(value),
    )


def _collection_codec(origin: type, item: Any) -> tuple[Encode, Decode]:
    encode, decode = _codec(item)

    def encode_all(values: Any) -> list[Any]:
        encoded = [encode(v) for v in values]
        if origin is list:
            return encoded
        return sorted(encoded, key=lambda e: json.dumps(e, sort_keys=True))

    def decode_all(value: Any) -> Any:
        if type(value) is not list:
            raise _fail(origin.__name__, value)
        return origin(decode(v) for v in value)

    return encode_all, decode_all


def _dict_codec(key: Any, value: Any) -> tuple[Encode, Decode]:
    """Dicts keep their order (rules iterate them), so they are lists of pairs."""
    enc_key, dec_key = _codec(key)
    enc_value, dec_value = _codec(value)

    def decode(data: Any) -> dict[Any, Any]:
        if type(data) is not list or any(type(p) is not list or len(p) != 2 for p in data):
            raise _fail("a list of pairs", data)
        return {dec_key(k): dec_value(v) for k, v in data}

    return (lambda d: [[enc_key(k), enc_value(v)] for k, v in d.items()]), decode


def _tuple_codec(args: tuple[Any, ...]) -> tuple[Encode, Decode]:
    if len(args) == 2 and args[1] is Ellipsis:
        encode, decode = _collection_codec(list, args[0])
        return encode, lambda value: tuple(decode(value))
    codecs = [_codec(a) for a in args]

    def decode_fixed(value: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != len(codecs):
            raise _fail(f"{len(codecs)} values", value)
        return tuple(dec(v) for (_, dec), v in zip(codecs, value, strict=True))

    return (
        lambda value: [enc(v) for (enc, _), v in zip(codecs, value, strict=True)],
        decode_fixed,
    )


def _named_tuple_codec(tp: type) -> tuple[Encode, Decode]:
    encode, decode = _tuple_codec(tuple(_field_types(tp).values()))
    return encode, lambda value: tp(*decode(value))


def _dataclass_codec(tp: type) -> tuple[Encode, Decode]:
    fields = [(name, *_codec(ftype)) for name, ftype in _field_types(tp).items()]
    names = {name for name, _, _ in fields}

    def encode(obj: Any) -> dict[str, Any]:
        return {name: enc(getattr(obj, name)) for name, enc, _ in fields}

    def decode(data: Any) -> Any:
        if type(data) is not dict or set(data) != names:
            raise _fail(f"the fields of {tp.__qualname__}", data)
        obj: Any = object.__new__(tp)
        for name, _, dec in fields:
            object.__setattr__(obj, name, dec(data[name]))
        return obj

    return encode, decode


# --- the text -------------------------------------------------------------------------
def dump(state: GameState) -> str:
    """The state as snapshot text (deterministic: equal states give equal text)."""
    body = json.dumps(_codec(GameState)[0](state), separators=(",", ":"))
    digest = hashlib.sha256(body.encode()).hexdigest()
    return f"{_MAGIC} {schema()} {digest}\n{body}"


def load(text: str) -> GameState:
    """The state saved in ``text``; SnapshotError if it is not exactly what was saved."""
    head, _, body = text.partition("\n")
    parts = head.split(" ")
    if len(parts) != 3 or parts[0] != _MAGIC:
        raise SnapshotError("not a Quicksilver snapshot")
    if parts[1] != schema():
        raise SnapshotError(f"snapshot schema {parts[1]} is not the current {schema()}")
    if hashlib.sha256(body.encode()).hexdigest() != parts[2]:
        raise SnapshotError("the snapshot's digest does not match its contents")
    try:
        data = json.loads(body)
    except ValueError as err:
        raise SnapshotError(f"the snapshot is not JSON: {err}") from None
    state = _codec(GameState)[1](data)
    return cast(GameState, state)
