/** Determinant of a 160×160 integer matrix with random signed 31-bit entries. */
import { detWorkload } from "../support/det-workload.js";

export default detWorkload(160, 31, 5, 40000);
