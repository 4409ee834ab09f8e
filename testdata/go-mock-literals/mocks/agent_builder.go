package mocks

import "github.com/stretchr/testify/mock"

type AgentBuilder struct{ mock.Mock }

func NewAgentBuilder(t interface { // @def(newAgent, "NewAgentBuilder")
	mock.TestingT
	Cleanup(func()) // @def(agentCleanup, "Cleanup")
}) *AgentBuilder {
	m := &AgentBuilder{}
	m.Mock.Test(t)
	t.Cleanup(func() { m.AssertExpectations(t) }) // @site(c1, "Cleanup") @incoming(newAgent, agentCleanup, c1) @dispatch(newAgent, proberCleanup, c1)
	return m
}
