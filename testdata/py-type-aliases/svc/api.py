from svc.deps import (
    DependencyAudit,
    DependencyReembedding,
    DependencySubscribers,
    MaybeSubscribers,
    NullableAudit,
    SameService,
    Subscribers,
)


async def revoke(user_id: str, subscribers: DependencySubscribers, audit: DependencyAudit) -> None:  # @def(revoke, "revoke")
    if await subscribers.delete(user_id):  # @site(r1, "delete") @call(revoke, subDelete, r1)
        await audit.delete(user_id)  # @site(r2, "delete") @call(revoke, auditDelete, r2)


async def reembed_memory(user_id: str, service: DependencyReembedding) -> int:  # @def(reembedMemory, "reembed_memory")
    return await service.reembed(user_id)  # @site(m1, "reembed") @call(reembedMemory, reembed, m1)


async def lookup(user_id: str, maybe: MaybeSubscribers, named: Subscribers) -> str:  # @def(lookup, "lookup")
    if maybe is not None:
        await maybe.delete(user_id)  # @site(l1, "delete")
    await named.delete(user_id)  # @site(l2, "delete") @call(lookup, subDelete, l1, l2)
    return await named.find(user_id)  # @site(l3, "find") @call(lookup, subFind, l3)


async def purge(user_id: str, audit: NullableAudit, service: SameService) -> None:  # @def(purge, "purge")
    if audit:
        await audit.delete(user_id)  # @site(p1, "delete") @call(purge, auditDelete, p1)
    await service.reembed(user_id)  # @site(p2, "reembed") @call(purge, reembed, p2)
