// The command's environment (issue 12): never the key, an action input, a runner token or a
// file-command path, whatever the sandbox; built from nothing when sandboxed.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  checkPassEnv,
  inheritedEnvironment,
  isWithheldVariable,
  RUN_TOKEN_VARIABLE,
  sandboxEnvironment,
} from "../../src/sandbox/environment.js";
import { SandboxSetupError } from "../../src/sandbox/errors.js";

const RUNNER: NodeJS.ProcessEnv = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/runner",
  LANG: "en_US.UTF-8",
  LC_ALL: "C.UTF-8",
  LC_CTYPE: "C.UTF-8",
  TZ: "UTC",
  FOO: "bar",
  CANON_CONFORMANCE_KEY: "k",
  "INPUT_SIGNING-KEY": "k",
  INPUT_COMMAND: "python3 canon.py",
  GITHUB_TOKEN: "t",
  ACTIONS_RUNTIME_TOKEN: "t",
  ACTIONS_RUNTIME_URL: "u",
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: "t",
  ACTIONS_ID_TOKEN_REQUEST_URL: "u",
  ACTIONS_CACHE_URL: "u",
  ACTIONS_RESULTS_URL: "u",
  GITHUB_ENV: "/f/env",
  GITHUB_OUTPUT: "/f/out",
  GITHUB_PATH: "/f/path",
  GITHUB_STATE: "/f/state",
  GITHUB_STEP_SUMMARY: "/f/summary",
  GITHUB_WORKSPACE: "/home/runner/work/x",
};

const WITHHELD = Object.keys(RUNNER).filter(
  (n) => !["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "FOO", "GITHUB_WORKSPACE"].includes(n),
);

test("every secret and channel of the harness is withheld, in any case", () => {
  for (const name of WITHHELD) {
    assert.ok(isWithheldVariable(name), name);
    assert.ok(isWithheldVariable(name.toLowerCase()), name.toLowerCase());
  }
  for (const name of ["PATH", "HOME", "FOO", "GITHUB_WORKSPACE", "GITHUB_SHA", "INPUTS", "MY_INPUT_X"]) {
    assert.equal(isWithheldVariable(name), false, name);
  }
});

test("unsandboxed: the inherited environment minus the withheld variables, plus the run's token", () => {
  const env = inheritedEnvironment(RUNNER, "tok");
  for (const name of WITHHELD) assert.equal(env[name], undefined, name);
  assert.equal(env.FOO, "bar");
  assert.equal(env.GITHUB_WORKSPACE, RUNNER.GITHUB_WORKSPACE);
  assert.equal(env.HOME, "/home/runner");
  assert.equal(env[RUN_TOKEN_VARIABLE], "tok");
  assert.equal(inheritedEnvironment(RUNNER)[RUN_TOKEN_VARIABLE], undefined);
});

test("sandboxed: PATH, HOME and TMPDIR (the scratch), the locale, and only the names passed", () => {
  const env = sandboxEnvironment(RUNNER, { scratch: "/s", passEnv: ["TZ", "NOT_SET", "GITHUB_TOKEN"] });
  assert.deepEqual(env, {
    PATH: "/usr/bin:/bin",
    HOME: "/s",
    TMPDIR: "/s",
    LANG: "en_US.UTF-8",
    LC_ALL: "C.UTF-8",
    LC_CTYPE: "C.UTF-8",
    TZ: "UTC",
  });
});

test("pass-env refuses a withheld name or a malformed one, saying which", () => {
  checkPassEnv(["TZ", "JAVA_HOME", "_X1"]);
  for (const bad of [
    "CANON_CONFORMANCE_KEY",
    "INPUT_SIGNING-KEY",
    "GITHUB_TOKEN",
    "GITHUB_ENV",
    "github_output",
  ]) {
    assert.throws(
      () => checkPassEnv([bad]),
      (e: Error) => e instanceof SandboxSetupError && e.message.includes(bad),
    );
  }
  for (const bad of ["", "A=B", "1X", "A B"]) {
    assert.throws(() => checkPassEnv([bad]), /not an environment variable name/);
  }
});
