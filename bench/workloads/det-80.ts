/** Determinant of a 80×80 integer matrix with random signed 31-bit entries. */
import { detWorkload } from "../support/det-workload.js";

export default detWorkload(80, 31, 7, 40000);
