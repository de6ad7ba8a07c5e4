/** Determinant of a 300×300 integer matrix with random signed 31-bit entries. */
import { detWorkload } from "../support/det-workload.js";

export default detWorkload(300, 31, 3, 20000);
