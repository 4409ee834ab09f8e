from dataclasses import dataclass


@dataclass
class Signature:
    name: str

    def to_dict(self) -> dict:  # @def(sigToDict, "to_dict")
        return {"name": self.name}


def describe(sig: Signature) -> dict:  # @def(describe, "describe")
    return sig.to_dict()  # @site(describeSite, "to_dict") @call(describe, sigToDict, describeSite)
