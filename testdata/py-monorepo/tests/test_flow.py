def test_flow(placing, env):  # @def(testFlow, "test_flow")
    env.orders.save(placing)  # @site(flowSave, "save") @possible(testFlow, orderSave, flowSave)
