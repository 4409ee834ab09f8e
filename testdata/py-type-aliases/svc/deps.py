from typing import Annotated, Optional, TypeAlias

from fastapi import Depends

from svc.repos import AuditRepository, ReembeddingService, SubscriberRepository


def get_subscribers() -> SubscriberRepository:
    return SubscriberRepository()


def get_audit() -> AuditRepository:
    return AuditRepository()


def get_reembedding() -> ReembeddingService:
    return ReembeddingService()


DependencySubscribers = Annotated[
    SubscriberRepository,
    Depends(get_subscribers),
]
DependencyAudit = Annotated[AuditRepository, Depends(get_audit)]
DependencyReembedding = Annotated[
    ReembeddingService, Depends(get_reembedding)
]
MaybeSubscribers = Optional[SubscriberRepository]
NullableAudit = AuditRepository | None
Subscribers: TypeAlias = SubscriberRepository
SameService = ReembeddingService
