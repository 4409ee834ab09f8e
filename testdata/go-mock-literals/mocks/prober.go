package mocks

import "github.com/stretchr/testify/mock"

type Prober struct{ mock.Mock }

func NewProber(t interface { // @def(newProber, "NewProber")
	mock.TestingT
	Cleanup(func()) // @def(proberCleanup, "Cleanup")
}) *Prober {
	m := &Prober{}
	m.Mock.Test(t)
	t.Cleanup(func() { m.AssertExpectations(t) }) // @site(c2, "Cleanup") @incoming(newProber, proberCleanup, c2) @dispatch(newProber, agentCleanup, c2)
	return m
}
