// The action's entry point (action.yml's main, dist/index.js): the GitHub face (src/action/main.ts)
// given the runner's core, upload and environment.
import { githubCore } from "./action/github.js";
import { run } from "./action/main.js";

run(githubCore());
