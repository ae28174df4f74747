import { createAction } from "@reduxjs/toolkit";

/** SPEC section 4, "App reset": every slice answers this action with its initial state. */
export const appReset = createAction("app/reset");
