/**
 * The workload registry. To add a workload: write one module under bench/workloads/ whose default
 * export is a Workload (most use defineComputeWorkload from ../support/compute-workload.js) and
 * list it here.
 */
import type { Workload } from "../types.js";
import bpswThousand from "./bpsw-1000.js";
import detSixty from "./det-60.js";
import detEighty from "./det-80.js";
import detOneSixty from "./det-160.js";
import detThreeHundred from "./det-300.js";
import rankHundred from "./rank-100x120.js";
import rrefHundred from "./rref-100x120.js";
import solveHundred from "./solve-100.js";
import charpolySixty from "./charpoly-60.js";
import hnfForty from "./hnf-40.js";
import snfForty from "./snf-40.js";
import lllForty from "./lll-40.js";
import sparseRankTwoThousand from "./sparse-rank-2000.js";
import sparseSolveTwoThousand from "./sparse-solve-2000.js";
import dlogTwelve from "./dlog-12.js";
import dlogTwenty from "./dlog-20.js";
import dlogGfTwoSixtyOne from "./dlog-gf2-61.js";
import factorThirty from "./factor-30.js";
import factorForty from "./factor-40.js";
import factorFifty from "./factor-50.js";
import findTenK from "./find-10k.js";
import gcdTwentyK from "./gcd-20k.js";
import gcdHundredK from "./gcd-100k.js";
import extendedGcdTwentyK from "./extended-gcd-20k.js";
import partitionOneE5 from "./partition-1e5.js";
import primePiOneE11 from "./primepi-1e11.js";
import stdioColdStart from "./stdio-cold-start.js";
import sqrtModPrimeHundred from "./sqrt-mod-prime-100.js";
import binomialOneE5 from "./binomial-1e5.js";
import factorialOneE5 from "./factorial-1e5.js";
import fibonacciOneE6 from "./fibonacci-1e6.js";
import bernoulliThousand from "./bernoulli-1000.js";
import polyMulOneE4 from "./poly-mul-1e4.js";
import polyDivremGfp from "./poly-divrem-gfp.js";
import factormodTwoHundred from "./factormod-200.js";
import factormodGf2Thousand from "./factormod-gf2-1000.js";
import factorGf9TwoHundred from "./factor-gf9-200.js";
import factorGfp2Hundred from "./factor-gfp2-100.js";
import polyFactorSixty from "./poly-factor-60.js";
import polySwinnertonDyerSix from "./poly-swinnerton-dyer-6.js";
import polyGcdFiveHundred from "./poly-gcd-500.js";
import polyResultantHundred from "./poly-resultant-100.js";
import fibersGf101 from "./fibers-gf101.js";
import cyclicSix from "./cyclic-6.js";
import polyMfactorGf32003 from "./poly-mfactor-gf32003.js";
import katsuraSix from "./katsura-6.js";
import graphSsspOneE5 from "./graph-sssp-1e5.js";
import graphMaxflowOneE5 from "./graph-maxflow-1e5.js";
import graphMatchingOneE4 from "./graph-matching-1e4.js";
import graphIsoSrg144 from "./graph-iso-srg-144.js";
import graphIsoCubic1000 from "./graph-iso-cubic-1000.js";
import graphChromatic60 from "./graph-chromatic-60.js";
import graphPlanarity1e5 from "./graph-planarity-1e5.js";

export const WORKLOADS: readonly Workload[] = [gcdTwentyK, gcdHundredK, extendedGcdTwentyK, detSixty, stdioColdStart, partitionOneE5, bpswThousand, primePiOneE11, factorThirty, factorForty, factorFifty, findTenK, sqrtModPrimeHundred, binomialOneE5, factorialOneE5, fibonacciOneE6, bernoulliThousand, dlogTwelve, dlogTwenty, dlogGfTwoSixtyOne, polyMulOneE4, polyDivremGfp, factormodTwoHundred, factormodGf2Thousand, factorGf9TwoHundred, factorGfp2Hundred, polyFactorSixty, polySwinnertonDyerSix, polyGcdFiveHundred, polyResultantHundred, polyMfactorGf32003, fibersGf101, cyclicSix, katsuraSix, detEighty, detOneSixty, detThreeHundred, rankHundred, rrefHundred, solveHundred, charpolySixty, hnfForty, snfForty, lllForty, sparseRankTwoThousand, sparseSolveTwoThousand, graphSsspOneE5, graphMaxflowOneE5, graphMatchingOneE4, graphIsoSrg144, graphIsoCubic1000, graphChromatic60, graphPlanarity1e5];
