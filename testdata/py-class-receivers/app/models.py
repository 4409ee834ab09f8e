from pydantic import BaseModel


class ItemModel(BaseModel):
    name: str = ""


class ItemQueryModel(ItemModel):
    page: int = 1


def listing(rows):
    # pydantic's classmethod, through a workspace model class: no executor's validate
    return [ItemQueryModel.validate(row) for row in rows]


def one(row):
    return ItemModel.validate(row)
