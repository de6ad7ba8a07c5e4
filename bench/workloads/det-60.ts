/** Determinant of a 60×60 integer matrix with random signed 31-bit entries. */
import { detWorkload } from "../support/det-workload.js";

export default detWorkload(60, 31, 7, 40000);
