package recovery

type RecoveryCode struct{ id int }

func (RecoveryCode) TableName() string { return "recovery_codes" } // @def(recTable, "TableName")

func (c *RecoveryCode) GetID() int { return c.id } // @def(recID, "GetID")
