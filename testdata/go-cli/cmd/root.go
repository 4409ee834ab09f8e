package cmd

import (
	"github.com/spf13/cobra"
)

var rootCmd = &cobra.Command{ // @module(rootFile)
	Use:               "app",
	PersistentPreRunE: setup, // @site(rootSetup, "setup") @ref(rootFile, setup, rootSetup)
}

func setup(cmd *cobra.Command, args []string) error { // @def(setup, "setup")
	return nil
}

func newServeCmd() *cobra.Command { // @def(newServe, "newServeCmd")
	return &cobra.Command{
		Use:     "serve",
		Short:   "Serve the API",
		PreRunE: checkConfig, // @site(serveCheck, "checkConfig") @ref(newServe, checkConfig, serveCheck)
		RunE:    runServe,    // @site(serveRun, "runServe") @ref(newServe, runServe, serveRun)
	}
}

func checkConfig(cmd *cobra.Command, args []string) error { // @def(checkConfig, "checkConfig")
	return nil
}

func runServe(cmd *cobra.Command, args []string) error { // @def(runServe, "runServe")
	return nil
}

func unused(cmd *cobra.Command, args []string) error { // @def(unused, "unused") @callers(unused)
	return nil
}

func init() { // @def(init, "init")
	rootCmd.AddCommand(newServeCmd()) // @site(initNew, "newServeCmd") @call(init, newServe, initNew)
}
