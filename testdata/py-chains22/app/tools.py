import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from app.models import Metadata, Stamp

if TYPE_CHECKING:
    from app.models import Attachment, Context, Registry


@dataclass
class ExecContext:
    registry: (
        Registry | None
    )  # a parenthesized annotation, written over lines
    retries: int = 0


@dataclass
class Item:
    meta: Any | None = None


async def use_registry(ctx: "ExecContext"):  # @def(useRegistry, "use_registry")
    registry = ctx.registry
    if not registry:
        return
    await registry.store(1)  # @site(storeSite, "store") @call(useRegistry, registryStore, storeSite)


async def use_attachments(atts: list["Attachment"] | None = None):  # @def(useAttachments, "use_attachments")
    if atts:
        for att in atts:
            await att.content()  # @site(contentSite, "content") @call(useAttachments, attachmentContent, contentSite)


def use_items(items: list[Item] | None):  # @def(useItems, "use_items")
    for it in items or []:
        if isinstance(it.meta, Metadata) and it.meta.signature:
            it.meta.signature.to_format()  # @site(formatSite, "to_format") @call(useItems, signatureToFormat, formatSite)
        if (
            isinstance(it.meta, Stamp)
            and it.meta.to_format()  # @site(stampCondSite, "to_format")
        ):
            it.meta.to_format()  # @site(stampSite, "to_format") @call(useItems, stampToFormat, stampCondSite, stampSite)


class Handler:
    def __init__(self, get_ctx: Callable[..., contextlib.AbstractAsyncContextManager[Context]]):
        self.get_ctx = get_ctx

    async def handle(self):  # @def(handle, "handle")
        async with self.get_ctx() as ctx:
            ctx.repo.get_row(1)  # @site(rowSite1, "get_row")
        getter = self.get_ctx()
        async with getter as other:
            other.repo.get_row(2)  # @site(rowSite2, "get_row") @call(handle, repoGetRow, rowSite1, rowSite2)


def describe(values: list[str] | None):  # @def(describe, "describe")
    # narrowed in a conditional expression's first operand only
    return [v.to_format() if isinstance(v, Stamp) else v for v in values or []]  # @site(condSite, "to_format") @call(describe, stampToFormat, condSite)


class Provider(Protocol):
    def config(self) -> int: ...  # @def(providerConfig, "config") @nocallers(providerConfig)


class LocalProvider:
    def config(self) -> int:  # @def(localConfig, "config")
        return 1


class Confirming:
    def __init__(self, wrapped: Provider):
        self._wrapped = wrapped

    @property
    def wrapped(self) -> Provider:
        return self._wrapped

    def details(self):  # @def(details, "details")
        # a property of the instance, narrowed as a path from self
        if isinstance(self.wrapped, LocalProvider):
            return self.wrapped.config()  # @site(configSite, "config") @call(details, localConfig, configSite)
        return None
