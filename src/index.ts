import { run } from "./action.js";

run();
