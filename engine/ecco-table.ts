// The ECCO classification of xiangqi openings (中国象棋开局编号, the Encyclopedia of Chinese Chess
// Openings, codes A00–E99) as xqbase.com published it in its "ECCO 2004" pages: for each of the 260
// codes in use, its opening and variation names and the moves that define it, written here in our
// own form from that public text (its defining moves read as ICCS, from the right-hand side: a
// game that opens on the left is mirrored before it is compared). engine/ecco.ts reads it.
//
// One code a line, tab-separated: code, opening, variation, the codes it gives way to when both
// fit a game ("不包括…" in the text: ranges like D30-D36), and its defining lines, `;` between
// alternatives. A line is a list of conditions on the game's first 20 plies:
//   3=h0g2      ply 3 is this move (`2=h9g7/b9c7`: one of these)
//   9:h2e2,…    the first 9 plies are these moves, in any order
//   h0g2        this move is played (by the side whose move it is) within the first 20 plies
//   ^h0g2       likewise, and the `^` moves come in the order written
//   r?h0g2      red may have played this before its last defining move (any other red move there
//               rules the line out when red has such a list); b? likewise for black
export const ECCO_TABLE = `
A00	(其他开局)			
A01	上仕局			1=f0e1
A02	边马局			1=h0i2
A03	边炮局			1=h2i2
A04	巡河炮局			1=h2h4
A05	过河炮局			1=h2h6
A06	兵底炮局			1=h2g2
A07	金钩炮局			1=h2c2
A08	边兵局			1=i3i4
A10	飞相局(对其他)		A11-A39	1=g0e2
A11	顺相局			1=g0e2 2=g9e7
A12	列相局			1=g0e2 2=c9e7
A13	飞相对进左马			1=g0e2 2=h9g7
A14	飞相(其他)对进右马		A15-A16	1=g0e2 2=b9c7
A15	飞相进三兵对进右马			1=g0e2 2=b9c7 3=g3g4
A16	飞相进七兵对进右马			1=g0e2 2=b9c7 3=c3c4
A20	飞相对左士角炮			1=g0e2 2=h7f7
A21	飞相(其他)对右士角炮		A22-A26	1=g0e2 2=b7d7
A22	飞相进左马对右士角炮			1=g0e2 2=b7d7 3=b0c2
A23	飞相左边马对右士角炮			1=g0e2 2=b7d7 3=b0a2
A24	飞相横车对右士角炮			1=g0e2 2=b7d7 3=a0a1
A25	飞相进三兵对右士角炮			1=g0e2 2=b7d7 3=g3g4
A26	飞相进七兵对右士角炮			1=g0e2 2=b7d7 3=c3c4
A27	飞相(转其他)对左中炮		A28	1=g0e2 2=h7e7
A28	飞相转屏风马对左中炮			1=g0e2 2=h7e7 3=h0g2 b0c2 r?i0h0 r?g3g4 r?c3c4;1=g0e2 2=h7e7 3=b0c2 h0g2 r?i0h0 r?g3g4 r?c3c4
A29	飞相对右中炮			1=g0e2 2=b7e7
A30	飞相(其他)对左过宫炮		A31-A34	1=g0e2 2=h7d7
A31	飞相进右马对左过宫炮(其他)		A32-A34	1=g0e2 2=h7d7 3=h0g2
A32	飞相进右马对左过宫炮	红直车(其他)对黑进７卒	A33-A34	1=g0e2 2=h7d7 3=h0g2 4=h9g7 5=i0h0 6=g6g5
A33	飞相进右马对左过宫炮	红直车边炮对黑进７卒		1=g0e2 2=h7d7 3=h0g2 4=h9g7 5=i0h0 6=g6g5 7=h2i2
A34	飞相进右马对左过宫炮	互进七兵		1=g0e2 2=h7d7 3=h0g2 4=h9g7 5=i0h0 6=g6g5 7=c3c4
A35	飞相对右过宫炮			1=g0e2 2=b7f7
A36	飞相(其他)对进７卒		A37-A38	1=g0e2 2=g6g5
A37	飞相进左马对进７卒			1=g0e2 2=g6g5 3=b0c2
A38	飞相互进七兵局			1=g0e2 2=g6g5 3=c3c4
A39	飞相对进３卒			1=g0e2 2=c6c5
A40	起马局(对其他)		A41-A45	1=h0g2
A41	起马(其他)对进７卒		A42-A45	1=h0g2 2=g6g5
A42	起马转边炮对进７卒			1=h0g2 2=g6g5 3=h2i2
A43	起马转仕角炮对进７卒			1=h0g2 2=g6g5 3=b2d2
A44	起马转中炮对进７卒			1=h0g2 2=g6g5 3=b2e2
A45	起马互进七兵局			1=h0g2 2=g6g5 3=c3c4
A50	仕角炮局(对其他)		A51-A54	1=h2f2
A51	仕角炮对进左马			1=h2f2 2=h9g7
A52	仕角炮(其他)对右中炮		A53	1=h2f2 2=b7e7
A53	仕角炮转反宫马对右中炮			1=h2f2 2=b7e7 3=b0c2 4=b9c7 h0g2 r?a0b0 r?g3g4 r?c3c4
A54	仕角炮对进７卒			1=h2f2 2=g6g5
A60	过宫炮局(对其他)		A61-A65	1=h2d2
A61	过宫炮对进左马			1=h2d2 2=h9g7
A62	过宫炮对横车			1=h2d2 2=i9i8
A63	过宫炮(其他)对左中炮		A64-A65	1=h2d2 2=h7e7
A64	过宫炮直车对左中炮(其他)		A65	1=h2d2 2=h7e7 3=h0g2 5=i0h0
A65	过宫炮直车对左中炮横车			1=h2d2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8;1=h2d2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7
B00	中炮局(对其他)		B01-D99	1=h2e2
B01	中炮对进右马(其他)		B02-C99	1=h2e2 2=b9c7 3=h0g2
B02	中炮对进右马先上士			1=h2e2 2=b9c7 3=h0g2 4=g6g5/c6c5 5=i0h0 6=f9e8/d9e8
B03	中炮对鸳鸯炮			1=h2e2 2=b9c7 3=h0g2 4=g6g5/c6c5 5=i0h0 6=i9i7
B04	中炮对右三步虎			1=h2e2 2=b9c7 3=h0g2 4=b7a7
B05	中炮对进左马(其他)		B06-C99,D30-D59	1=h2e2 2=h9g7
B06	中炮对龟背炮			1=h2e2 2=h9g7 4=i9i8
B07	中炮对左炮封车(不包括转列炮)		D30-D36	1=h2e2 2=h9g7 i9h9 h7h3 b?c6c5 b?g6g5
B10	中炮对单提马(其他)		B12-B14	1=h2e2 2=b9c7 4=h9i7/i9i8
B11	中炮对士角炮转单提马		B30	1=h2e2 2=b9c7 4=h7f7 6=h9i7/i9i8
B12	中炮(其他)对单提马横车		B13-B14	1=h2e2 2=b9c7 3=h0g2 4=i9i8 5=i0h0 6=i8d8
B13	中炮巡河炮对单提马横车			1=h2e2 2=b9c7 3=h0g2 4=i9i8 5=i0h0 6=i8d8 7=b2b4
B14	中炮进七兵对单提马横车			1=h2e2 2=b9c7 3=h0g2 4=i9i8 5=i0h0 6=i8d8 7=c3c4
B20	中炮(其他)对左三步虎		B21-B25,D40-D43	1=h2e2 2=h9g7 ^i9h9 ^h7i7 b?c6c5 b?g6g5
B21	中炮边相对左三步虎骑河车			1=h2e2 2=h9g7 ^i9h9 ^h7i7 h9h4 c0a2 r?h0g2 r?b0c2 r?g3g4 r?c3c4 b?c6c5 b?g6g5
B22	中炮右横车对左三步虎		D40	1=h2e2 2=h9g7 ^i9h9 ^h7i7 i0i1 r?h0g2 r?b0c2 r?g3g4 r?c3c4 b?c6c5 b?g6g5
B23	中炮巡河炮对左三步虎		D40	1=h2e2 2=h9g7 ^i9h9 ^h7i7 b2b4 r?h0g2 r?b0c2 r?g3g4 r?c3c4 b?c6c5 b?g6g5
B24	中炮过河炮对左三步虎		D40	1=h2e2 2=h9g7 ^i9h9 ^h7i7 b2b6 r?h0g2 r?b0c2 r?g3g4 r?c3c4 b?c6c5 b?g6g5
B25	中炮两头蛇对左三步虎		D43	1=h2e2 2=h9g7 ^i9h9 ^h7i7 g3g4 c3c4 r?h0g2 r?b0c2 b?c6c5 b?g6g5;1=h2e2 2=h9g7 ^i9h9 ^h7i7 c3c4 g3g4 r?h0g2 r?b0c2 b?c6c5 b?g6g5
B30	中炮对反宫马后补左马			1=h2e2 2=b9c7 h7f7 h9g7
B31	中炮(其他)对反宫马		B32-B59	1=h2e2 2=b9c7 h7f7 h9g7 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B32	中炮急进左马对反宫马			1=h2e2 2=h9g7 3=c3c4 4=h7f7 5=b0c2
B33	中炮过河车对反宫马			1=h2e2 2=b9c7 h7f7 h9g7 i0h0 h0h6 r?h0g2 r?b0c2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B34	中炮右横车对反宫马			1=h2e2 2=b9c7 h7f7 h9g7 i0i1 r?h0g2 r?b0c2 r?b0a2 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B35	中炮巡河炮对反宫马			1=h2e2 2=b9c7 h7f7 h9g7 b2b4 r?h0g2 r?b0c2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B36	五八炮对反宫马			1=h2e2 2=b9c7 h7f7 h9g7 b2b6 r?h0g2 r?b0c2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B40	五六炮缓开车对反宫马		B41-B45	1=h2e2 2=b9c7 h7f7 h9g7 b2d2 r?h0g2 r?b0a2 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B41	五六炮左正马对反宫马(其他)		B42-B45	1=h2e2 2=b9c7 3=h0g2 4=h7f7 5=i0h0 6=h9g7 b2d2 b0c2 r?g3g4 r?c3c4
B42	五六炮左正马对反宫马	黑右直车(其他)	B43-B45	1=h2e2 2=b9c7 3=h0g2 4=h7f7 5=i0h0 6=h9g7 7=b2d2 8=a9b9 b0c2 r?g3g4 r?c3c4
B43	五六炮左正马对反宫马	黑右直车边炮(其他)	B44	1=h2e2 2=b9c7 3=h0g2 4=h7f7 5=i0h0 6=h9g7 7=b2d2 8=a9b9 10=b7a7 b0c2 r?g3g4 r?c3c4
B44	五六炮左正马对反宫马	黑右直车边炮进７卒		1=h2e2 2=b9c7 3=h0g2 4=h7f7 5=i0h0 6=h9g7 7=b2d2 8=a9b9 10=b7a7 12=g6g5 b0c2 r?g3g4 r?c3c4
B45	五六炮左边马对反宫马			1=h2e2 2=b9c7 3=h0g2 4=h7f7 5=i0h0 6=h9g7 b2d2 b0a2;1=h2e2 2=b9c7 3=h0g2 4=h7f7 5=i0h0 6=h9g7 b0a2 b2d2
B50	五七炮对反宫马(其他)		B52-B56	1=h2e2 2=b9c7 h7f7 h9g7 b2c2 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B51	五七炮对反宫马左直车			1=h2e2 2=b9c7 h7f7 h9g7 i9h9 b2c2 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B52	五七炮对反宫马左横车			1=h2e2 2=b9c7 h7f7 h9g7 i9i8 b2c2 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B53	五七炮对反宫马右直车			1=h2e2 2=b9c7 h7f7 h9g7 a9b9 b2c2 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?g9e7 b?c9e7 b?g6g5 b?c6c5
B54	五七炮互进三兵对反宫马(其他)		B55-B56	1=h2e2 11=b2c2 9:h2e2,b9c7,h0g2,h7f7,i0h0,h9g7,g3g4,c6c5,b0a2
B55	五七炮互进三兵对反宫马	(红其他对)黑右炮过河	B56	1=h2e2 10=g9e7 11=b2c2 12=a9b9 13=a0b0 14=b7b3 9:h2e2,b9c7,h0g2,h7f7,i0h0,h9g7,g3g4,c6c5,b0a2
B56	五七炮互进三兵对反宫马	红弃双兵对黑右炮过河		1=h2e2 10=g9e7 11=b2c2 12=a9b9 13=a0b0 14=b7b3 15=c3c4 16=c5c4 17=g4g5 9:h2e2,b9c7,h0g2,h7f7,i0h0,h9g7,g3g4,c6c5,b0a2
C00	中炮(其他)对屏风马		C01-C99	1=h2e2 2=h9g7 ^b9c7 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b?i9h9 b?g6g5 b?c6c5
C01	中炮七路马(其他)对屏风马		C02-C04,C10-C19,C99	1=h2e2 2=h9g7 ^b9c7 b0c2 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b0c2 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C02	中炮七路马对屏风马	红左马盘河	C10-C19	1=h2e2 2=h9g7 ^b9c7 b0c2 c2d4 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b0c2 c2d4 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C03	中炮七路马对屏风马	红进中兵(对黑其他)	C04,C10-C19	1=h2e2 2=h9g7 ^b9c7 b0c2 e3e4 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b0c2 e3e4 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C04	中炮七路马对屏风马	红进中兵对黑双炮过河	C10-C19	1=h2e2 2=h9g7 ^b9c7 b0c2 e3e4 h7h3 b7b3 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=h9g7 ^b9c7 b0c2 e3e4 b7b3 h7h3 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b0c2 e3e4 h7h3 b7b3 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b0c2 e3e4 b7b3 h7h3 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C05	中炮左边马(其他)对屏风马		C06,C10-C19,C50-C98	1=h2e2 2=h9g7 ^b9c7 b0a2 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b0a2 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C06	中炮左边马对屏风马	红左横车	C50-C98	1=h2e2 2=h9g7 ^b9c7 b0a2 a0a1 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b0a2 a0a1 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C10	中炮右横车(其他)对屏风马		C11-C14	1=h2e2 2=h9g7 ^b9c7 i0i1 r?h0g2 r?g3g4 r?c3c4 r?b0c2 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 i0i1 r?h0g2 r?g3g4 r?c3c4 r?b0c2 b?i9h9 b?g6g5 b?c6c5
C11	中炮右横车对屏风马	红左马盘河		1=h2e2 2=h9g7 ^b9c7 i0i1 b0c2 c2d4 r?h0g2 r?i1f1 r?i0f0 r?i1d1 r?i0d0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 i0i1 b0c2 c2d4 r?h0g2 r?i1f1 r?i0f0 r?i1d1 r?i0d0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C12	中炮右横车对屏风马	红巡河炮		1=h2e2 2=h9g7 ^b9c7 i0i1 b2b4 r?h0g2 r?b0c2 r?i1f1 r?i0f0 r?i1d1 r?i0d0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 i0i1 b2b4 r?h0g2 r?b0c2 r?i1f1 r?i0f0 r?i1d1 r?i0d0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C13	中炮右横车对屏风马	红边炮		1=h2e2 2=h9g7 ^b9c7 i0i1 b2a2 r?h0g2 r?b0c2 r?i1f1 r?i0f0 r?i1d1 r?i0d0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 i0i1 b2a2 r?h0g2 r?b0c2 r?i1f1 r?i0f0 r?i1d1 r?i0d0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C14	中炮右横车对屏风马	红进中兵		1=h2e2 2=h9g7 ^b9c7 i0i1 e3e4 r?h0g2 r?b0c2 r?i1f1 r?i0f0 r?i1d1 r?i0d0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 i0i1 e3e4 r?h0g2 r?b0c2 r?i1f1 r?i0f0 r?i1d1 r?i0d0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C15	中炮巡河车对屏风马	红不进左马	C16	1=h2e2 2=h9g7 ^b9c7 h0g2 i0h0 h0h4 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 h0g2 i0h0 h0h4 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C16	中炮巡河车对屏风马	红进左马		1=h2e2 2=h9g7 ^b9c7 h0g2 i0h0 h0h4 b0c2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=h9g7 ^b9c7 h0g2 i0h0 h0h4 b0a2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 h0g2 i0h0 h0h4 b0c2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 h0g2 i0h0 h0h4 b0a2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C17	中炮过河车(其他)对屏风马		C18-C99	1=h2e2 2=h9g7 ^b9c7 h0g2 i0h0 h0h6 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 h0g2 i0h0 h0h6 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C18	中炮过河车七路马对屏风马(不包括两头蛇)		C20-C99	1=h2e2 2=h9g7 ^b9c7 h0g2 i0h0 h0h6 b0c2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 h0g2 i0h0 h0h6 b0c2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C19	中炮过河车左边马对屏风马		C20-C99	1=h2e2 2=h9g7 ^b9c7 h0g2 i0h0 h0h6 b0a2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 h0g2 i0h0 h0h6 b0a2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C20	中炮过河车七路马(其他)对屏风马两头蛇		C21-C25	1=h2e2 2=b9c7/h9g7 10:h2e2,b9c7,h0g2,i0h0,h0h6,b0c2,h9g7,i9h9,g6g5,c6c5
C21	中炮过河车七路马对屏风马两头蛇	红左横车(对黑其他)	C22-C25	1=h2e2 2=b9c7/h9g7 11=a0a1 10:h2e2,b9c7,h0g2,i0h0,h0h6,b0c2,h9g7,i9h9,g6g5,c6c5
C22	中炮过河车七路马对屏风马两头蛇	红左横车(其他)对黑高右炮	C23-C25	1=h2e2 2=b9c7/h9g7 11=a0a1 12=b7b6 13=h6h4 14=c9e7 10:h2e2,b9c7,h0g2,i0h0,h0h6,b0c2,h9g7,i9h9,g6g5,c6c5
C23	中炮过河车七路马对屏风马两头蛇	红左横车兑三兵对黑高右炮	C25	1=h2e2 2=b9c7/h9g7 11=a0a1 12=b7b6 13=h6h4 14=c9e7 15=g3g4 10:h2e2,b9c7,h0g2,i0h0,h0h6,b0c2,h9g7,i9h9,g6g5,c6c5
C24	中炮过河车七路马对屏风马两头蛇	红左横车兑七兵对黑高右炮	C25	1=h2e2 2=b9c7/h9g7 11=a0a1 12=b7b6 13=h6h4 14=c9e7 15=c3c4 10:h2e2,b9c7,h0g2,i0h0,h0h6,b0c2,h9g7,i9h9,g6g5,c6c5
C25	中炮过河车七路马对屏风马两头蛇	红左横车兑双兵对黑高右炮		1=h2e2 2=b9c7/h9g7 11=a0a1 12=b7b6 13=h6h4 14=c9e7 15=g3g4 17=c3c4 10:h2e2,b9c7,h0g2,i0h0,h0h6,b0c2,h9g7,i9h9,g6g5,c6c5;1=h2e2 2=b9c7/h9g7 11=a0a1 12=b7b6 13=h6h4 14=c9e7 15=c3c4 17=g3g4 10:h2e2,b9c7,h0g2,i0h0,h0h6,b0c2,h9g7,i9h9,g6g5,c6c5
C30	中炮过河车互进七兵对屏风马(其他)		C31-C49	1=h2e2 2=b9c7/h9g7 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C31	中炮过河车互进七兵对屏风马上士			1=h2e2 2=b9c7/h9g7 10=f9e8/d9e8 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C32	中炮过河车互进七兵对屏风马飞象			1=h2e2 2=b9c7/h9g7 10=g9e7/c9e7 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C33	中炮过河车互进七兵对屏风马右横车			1=h2e2 2=b9c7/h9g7 10=a9a8 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C34	中炮过河车互进七兵对屏风马右炮过河			1=h2e2 2=b9c7/h9g7 10=b7b3 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C35	中炮过河车互进七兵(其他)对屏风马左马盘河		C36-C39	1=h2e2 2=b9c7/h9g7 10=g7f5 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C36	中炮过河车互进七兵对屏风马左马盘河	红七路马(对黑其他)	C37-C39	1=h2e2 2=b9c7/h9g7 10=g7f5 11=b0c2 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C37	中炮过河车互进七兵对屏风马左马盘河	红七路马(其他)对黑飞右象	C38-C39	1=h2e2 2=b9c7/h9g7 10=g7f5 11=b0c2 12=c9e7 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C38	中炮过河车互进七兵对屏风马左马盘河	红七路马高左炮对黑飞右象		1=h2e2 2=b9c7/h9g7 10=g7f5 11=b0c2 12=c9e7 13=b2b3 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C39	中炮过河车互进七兵对屏风马左马盘河	红边炮对黑飞右象		1=h2e2 2=b9c7/h9g7 10=g7f5 11=b0c2 12=c9e7 13=b2a2 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C40	中炮过河车互进七兵对屏风马平炮兑车(其他)		C41-C49	1=h2e2 2=b9c7/h9g7 10=h7i7 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C41	中炮过河车互进七兵对屏风马平炮兑车	(红其他对)黑退边炮	C42-C49	1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C42	中炮过河车互进七兵对屏风马平炮兑车	红七路马对黑退边炮(其他)	C43-C46	1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=b0c2 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C43	中炮过河车互进七兵对屏风马平炮兑车	红七路马(其他)对黑退边炮上右士	C44-C46	1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=b0c2 14=d9e8 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C44	中炮过河车互进七兵对屏风马平炮兑车	红左马盘河对黑退边炮上右士		1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=b0c2 14=d9e8 15=c2d4 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C45	中炮过河车互进七兵对屏风马平炮兑车	红左边炮对黑退边炮上右士(其他)	C46	1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=b0c2 14=d9e8 15=b2a2 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C46	中炮过河车互进七兵对屏风马平炮兑车	红左边炮对黑退边炮上右士右直车		1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=b0c2 14=d9e8 15=b2a2 16=a9b9 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5;1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=b0c2 14=d9e8 15=b2a2 16=i8g8 17=g6f6 18=a9b9 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C47	中炮过河车互进七兵对屏风马平炮兑车	红左边马对黑退边炮		1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=b0a2 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C48	中炮过河车互进七兵对屏风马平炮兑车	红仕角炮对黑退边炮		1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=b2d2 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C49	中炮过河车互进七兵对屏风马平炮兑车	红进中兵对黑退边炮		1=h2e2 2=b9c7/h9g7 10=h7i7 11=h6g6 12=i7i8 13=e3e4 9:h2e2,b9c7,h0g2,i0h0,h0h6,c3c4,h9g7,i9h9,g6g5
C50	五六炮(其他)对屏风马			1=h2e2 2=h9g7 ^b9c7 b2d2 b0c2 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2d2 b0c2 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C51	五六炮左边马对屏风马(其他)		C52-C56	1=h2e2 2=h9g7 ^b9c7 b0a2 b2d2 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b0a2 b2d2 r?h0g2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C52	五六炮左边马对屏风马	黑进７卒右直车(其他)	C53	1=h2e2 10=a9b9 11=a0b0 9:h2e2,h9g7,h0g2,i9h9,i0h0,b9c7,b0a2,g6g5,b2d2
C53	五六炮左边马对屏风马	黑进７卒右直车右炮过河		1=h2e2 10=a9b9 11=a0b0 12=b7b3 9:h2e2,h9g7,h0g2,i9h9,i0h0,b9c7,b0a2,g6g5,b2d2
C54	五六炮过河车对屏风马(其他)		C55-C56	1=h2e2 2=h9g7 ^b9c7 h0g2 i0h0 h0h6 b2d2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 h0g2 i0h0 h0h6 b2d2 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C55	五六炮过河车对屏风马	黑进７卒右直车		1=h2e2 10=a9b9 9:h2e2,h9g7,h0g2,i9h9,i0h0,b9c7,h0h6,g6g5,b2d2
C56	五六炮过河车对屏风马	黑两头蛇		1=h2e2 10=c6c5 9:h2e2,h9g7,h0g2,i9h9,i0h0,b9c7,h0h6,g6g5,b2d2
C60	五七炮对屏风马(其他)		C61-C79	1=h2e2 2=h9g7 ^b9c7 b2c2 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2c2 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C61	五七炮对屏风马进７卒(其他)		C62-C67	1=h2e2 2=b9c7/h9g7 9:h2e2,b9c7,h0g2,i0h0,b0a2,b2c2,h9g7,i9h9,g6g5
C62	五七炮对屏风马进７卒	(红其他对)黑右直车	C63-C66	1=h2e2 2=b9c7/h9g7 10=a9b9 9:h2e2,b9c7,h0g2,i0h0,b0a2,b2c2,h9g7,i9h9,g6g5
C63	五七炮对屏风马进７卒	红左直车对黑右直车(其他)	C64-C66	1=h2e2 2=b9c7/h9g7 10=a9b9 11=a0b0 9:h2e2,b9c7,h0g2,i0h0,b0a2,b2c2,h9g7,i9h9,g6g5
C64	五七炮对屏风马进７卒	红左直车对黑右直车左炮过河		1=h2e2 2=b9c7/h9g7 10=a9b9 11=a0b0 12=h7h3 9:h2e2,b9c7,h0g2,i0h0,b0a2,b2c2,h9g7,i9h9,g6g5
C65	五七炮对屏风马进７卒	红左直车对黑右直车右炮巡河		1=h2e2 2=b9c7/h9g7 10=a9b9 11=a0b0 12=b7b5 9:h2e2,b9c7,h0g2,i0h0,b0a2,b2c2,h9g7,i9h9,g6g5
C66	五七炮对屏风马进７卒	红左直车对黑右直车右炮过河		1=h2e2 2=b9c7/h9g7 10=a9b9 11=a0b0 12=b7b3 9:h2e2,b9c7,h0g2,i0h0,b0a2,b2c2,h9g7,i9h9,g6g5
C67	五七炮对屏风马进７卒	黑右炮巡河		1=h2e2 2=b9c7/h9g7 10=b7b5 9:h2e2,b9c7,h0g2,i0h0,b0a2,b2c2,h9g7,i9h9,g6g5
C68	五七炮互进七兵对屏风马			1=h2e2 2=h9g7 ^b9c7 b2c2 c3c4 g6g5 r?h0g2 r?b0a2 r?i0h0 b?i9h9 b?g5g4 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2c2 c3c4 g6g5 r?h0g2 r?b0a2 r?i0h0 b?i9h9 b?g5g4 b?g6g5 b?c6c5
C70	五七炮对屏风马进３卒(其他)		C71-C79	1=h2e2 2=h9g7 ^b9c7 b2c2 c6c5 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c5c4 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2c2 c6c5 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c5c4 b?c6c5
C71	五七炮对屏风马进３卒右马外盘河		C72-C79	1=h2e2 2=h9g7 ^b9c7 b2c2 c6c5 c7b5 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c5c4 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2c2 c6c5 c7b5 r?h0g2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c5c4 b?c6c5
C72	五七炮互进三兵(其他)对屏风马边卒右马外盘河		C73-C78	1=h2e2 2=b9c7/h9g7 12:h2e2,b9c7,h0g2,i0h0,g3g4,b0a2,b2c2,h9g7,i9h9,c6c5,a6a5,c7b5
C73	五七炮互进三兵对屏风马边卒右马外盘河	红左横车(对黑其他)	C74-C78	1=h2e2 2=b9c7/h9g7 13=a0a1 12:h2e2,b9c7,h0g2,i0h0,g3g4,b0a2,b2c2,h9g7,i9h9,c6c5,a6a5,c7b5
C74	五七炮互进三兵对屏风马边卒右马外盘河	红左横车(其他)对黑飞左象	C75-C76	1=h2e2 2=b9c7/h9g7 13=a0a1 14=g9e7 12:h2e2,b9c7,h0g2,i0h0,g3g4,b0a2,b2c2,h9g7,i9h9,c6c5,a6a5,c7b5
C75	五七炮互进三兵对屏风马边卒右马外盘河	红左横车右马盘河对黑飞左象		1=h2e2 2=b9c7/h9g7 13=a0a1 14=g9e7 15=g2f4 12:h2e2,b9c7,h0g2,i0h0,g3g4,b0a2,b2c2,h9g7,i9h9,c6c5,a6a5,c7b5
C76	五七炮互进三兵对屏风马边卒右马外盘河	红左横车右车巡河对黑飞左象		1=h2e2 2=b9c7/h9g7 13=a0a1 14=g9e7 15=h0h4 12:h2e2,b9c7,h0g2,i0h0,g3g4,b0a2,b2c2,h9g7,i9h9,c6c5,a6a5,c7b5
C77	五七炮互进三兵对屏风马边卒右马外盘河	红左横车对黑飞右象		1=h2e2 2=b9c7/h9g7 13=a0a1 14=c9e7 12:h2e2,b9c7,h0g2,i0h0,g3g4,b0a2,b2c2,h9g7,i9h9,c6c5,a6a5,c7b5
C78	五七炮互进三兵对屏风马边卒右马外盘河	红左横车对黑兑边卒		1=h2e2 2=b9c7/h9g7 13=a0a1 14=a5a4 12:h2e2,b9c7,h0g2,i0h0,g3g4,b0a2,b2c2,h9g7,i9h9,c6c5,a6a5,c7b5
C80	中炮巡河炮对屏风马(其他)		C81-C86	1=h2e2 2=h9g7 ^b9c7 b2b4 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2b4 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C81	中炮巡河炮对屏风马	黑飞左象(其他)	C82-C83	1=h2e2 2=h9g7 ^b9c7 b2b4 g9e7 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2b4 g9e7 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C82	中炮巡河炮对屏风马	黑飞左象右横车		1=h2e2 2=h9g7 ^b9c7 b2b4 g9e7 a9a8 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2b4 g9e7 a9a8 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C83	中炮巡河炮对屏风马	黑飞左象左炮巡河		1=h2e2 2=h9g7 ^b9c7 b2b4 g9e7 h7h5 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2b4 g9e7 h7h5 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C84	中炮巡河炮对屏风马	黑飞右象		1=h2e2 2=h9g7 ^b9c7 b2b4 c9e7 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2b4 c9e7 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C85	中炮巡河炮对屏风马	红左马盘河(其他)对黑左马外盘河	C86	1=h2e2 10=g7h5 11=c2d4 9:h2e2,h9g7,h0g2,i9h9,c3c4,g6g5,b0c2,b9c7,b2b4
C86	中炮巡河炮缓开车对屏风马左马外盘河	红右横车		1=h2e2 10=g7h5 11=c2d4 13=i0i1 9:h2e2,h9g7,h0g2,i9h9,c3c4,g6g5,b0c2,b9c7,b2b4
C90	五八炮对屏风马(其他)		C91-C98	1=h2e2 2=h9g7 ^b9c7 b2b6 r?h0g2 r?b0c2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2b6 r?h0g2 r?b0c2 r?b0a2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
C91	五八炮互进三兵(其他)对屏风马		C92-C98	1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 c6c5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 c6c5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5
C92	五八炮互进三兵对屏风马	红左正马		1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 b0c2 c6c5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 b0c2 c6c5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5
C93	五八炮互进三兵对屏风马	红左边马(对黑其他)	C94-C97	1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 b0a2 c6c5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 b0a2 c6c5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5
C94	五八炮互进三兵对屏风马	红左边马对黑上士		1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 b0a2 c6c5 f9e8 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7;1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 b0a2 c6c5 d9e8 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 b0a2 c6c5 f9e8 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 b0a2 c6c5 d9e8 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7
C95	五八炮互进三兵对屏风马	红左边马对黑兑７卒		1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 b0a2 c6c5 g6g5 r?h0g2 r?i0h0 b?i9h9 b?g5g4 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 b0a2 c6c5 g6g5 r?h0g2 r?i0h0 b?i9h9 b?g5g4 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7
C96	五八炮互进三兵对屏风马	红左边马(其他)对黑边卒	C97	1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 b0a2 c6c5 a6a5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 b0a2 c6c5 a6a5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7
C97	五八炮互进三兵对屏风马	红左边马平炮压马对黑边卒		1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 b0a2 c6c5 b6c6 a6a5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 b0a2 c6c5 b6c6 a6a5 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5 b?g9e7 b?c9e7
C98	五八炮互进三兵对屏风马	红平炮压马		1=h2e2 2=h9g7 ^b9c7 g3g4 b2b6 c6c5 b6c6 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5;1=h2e2 2=b9c7 ^h9g7 g3g4 b2b6 c6c5 b6c6 r?h0g2 r?i0h0 b?i9h9 b?g6g5 b?c5c4 b?c6c5
C99	五九炮对屏风马		C20-C49	1=h2e2 2=h9g7 ^b9c7 b2a2 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5;1=h2e2 2=b9c7 ^h9g7 b2a2 r?h0g2 r?b0c2 r?i0h0 r?g3g4 r?c3c4 b?i9h9 b?g6g5 b?c6c5
D00	顺炮缓开车对其他		D01-D29	1=h2e2 2=h7e7
D01	顺炮缓开车对横车		D20-D29	1=h2e2 2=h7e7 3=h0g2 4=h9g7 6=i9i8;1=h2e2 2=h7e7 3=h0g2 4=i9i8
D02	顺炮缓开车对直车			1=h2e2 2=h7e7 3=h0g2 4=h9g7 6=i9h9
D03	顺炮横车对缓开车(包括顺炮顺横车)		D04-D05	1=h2e2 2=h7e7 3=i0i1;1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0i1
D04	顺炮横车对直车(其他)		D05	1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0i1 6=i9h9;1=h2e2 2=h7e7 3=i0i1 4=h9g7 6=i9h9
D05	顺炮横车对直车巡河			1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0i1 6=i9h9 8=h9h5;1=h2e2 2=h7e7 3=i0i1 4=h9g7 6=i9h9 8=h9h5
D10	顺炮直车对缓开车(其他)		D11-D15	1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0
D11	顺炮直车对缓开车	黑左横车		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 i9i8 b?b9c7 b?g6g5 b?c6c5
D12	顺炮直车对缓开车	黑右横车		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 a9a8 b?b9c7 b?g6g5 b?c6c5
D13	顺炮直车对缓开车	黑兑直车		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 i9h9 b?b9c7 b?g6g5 b?c6c5
D14	顺炮直车对缓开车	黑过河炮		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 b7b3 b?b9c7 b?g6g5 b?c6c5
D15	顺炮直车对缓开车	黑边炮		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 b7a7 b?b9c7 b?g6g5 b?c6c5
D20	顺炮直车(其他)对横车		D21-D29	1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7
D21	顺炮直车对横车	红先上仕		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=f0e1/d0e1;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=f0e1/d0e1
D22	顺炮直车对横车	红左边马		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=b0a2;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=b0a2
D23	顺炮直车对横车	红巡河车		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=b0c2 9=h0h4;1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=h0h4;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=b0c2 9=h0h4;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=h0h4
D24	顺炮直车对横车	红过河车		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=b0c2 9=h0h6;1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=h0h6;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=b0c2 9=h0h6;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=h0h6
D25	顺炮直车对横车	红仕角炮		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=b2d2;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=b2d2
D26	顺炮直车对横车	红进三兵(不包括两头蛇)	D28	1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=b0c2 9=g3g4;1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=g3g4;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=b0c2 9=g3g4;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=g3g4
D27	顺炮直车对横车	红进七兵(不包括两头蛇)	D28	1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=b0c2 9=c3c4;1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 7=c3c4;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=b0c2 9=c3c4;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 7=c3c4
D28	顺炮直车对横车	红两头蛇	D29	1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 g3g4 c3c4 r?b0c2;1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 c3c4 g3g4 r?b0c2;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 g3g4 c3c4 r?b0c2;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 c3c4 g3g4 r?b0c2
D29	顺炮直车对横车	红两头蛇对黑双横车		1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 g3g4 c3c4 a9a8 r?b0c2 b?b9c7 b?i8d8 b?i9d9;1=h2e2 2=h7e7 3=h0g2 4=h9g7 5=i0h0 6=i9i8 c3c4 g3g4 a9a8 r?b0c2 b?b9c7 b?i8d8 b?i9d9;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 g3g4 c3c4 a9a8 r?b0c2 b?b9c7 b?i8d8 b?i9d9;1=h2e2 2=h7e7 3=h0g2 4=i9i8 5=i0h0 6=h9g7 c3c4 g3g4 a9a8 r?b0c2 b?b9c7 b?i8d8 b?i9d9
D30	中炮不进三兵对左炮封车转列炮		D31-D36	1=h2e2 2=h9g7 i9h9 h7h3 b7e7 b?c6c5 b?g6g5
D31	中炮进三兵(其他)对左炮封车转列炮			1=h2e2 2=h9g7 3=h0g2 4=i9h9 5=i0h0 6=h7h3 7=g3g4 8=b7e7
D32	中炮进三兵对左炮封车转列炮	红右马盘河		1=h2e2 2=h9g7 3=h0g2 4=i9h9 5=i0h0 6=h7h3 7=g3g4 8=b7e7 9=g2f4
D33	中炮进三兵对左炮封车转列炮	红七路马		1=h2e2 2=h9g7 3=h0g2 4=i9h9 5=i0h0 6=h7h3 7=g3g4 8=b7e7 9=b0c2
D34	中炮进三兵对左炮封车转列炮	红左边马		1=h2e2 2=h9g7 3=h0g2 4=i9h9 5=i0h0 6=h7h3 7=g3g4 8=b7e7 9=b0a2
D35	中炮进三兵对左炮封车转列炮	红进炮打马		1=h2e2 2=h9g7 3=h0g2 4=i9h9 5=i0h0 6=h7h3 7=g3g4 8=b7e7 9=b2b7
D36	中炮进三兵对左炮封车转列炮	红两头蛇		1=h2e2 2=h9g7 3=h0g2 4=i9h9 5=i0h0 6=h7h3 7=g3g4 8=b7e7 9=c3c4
D40	中炮(其他)对左三步虎转列炮		D41-D43	1=h2e2 2=h9g7 ^i9h9 ^h7i7 ^b7e7 b?h9h4 b?c6c5 b?g6g5
D41	中炮进中兵对左三步虎骑河车转列炮			1=h2e2 2=h9g7 ^i9h9 ^h7i7 ^b7e7 h9h4 e3e4 r?h0g2 r?b0c2 r?g3g4 r?c3c4 b?c6c5 b?g6g5
D42	中炮对左三步虎转列炮	红左直车		1=h2e2 2=h9g7 ^i9h9 ^h7i7 ^b7e7 a0b0 r?h0g2 r?b0c2 r?g3g4 r?c3c4 b?h9h4 b?c6c5 b?g6g5
D43	中炮对左三步虎转列炮	红两头蛇		1=h2e2 2=h9g7 ^i9h9 ^h7i7 ^b7e7 g3g4 c3c4 r?b0c2 b?h9h4 b?c6c5 b?g6g5;1=h2e2 2=h9g7 ^i9h9 ^h7i7 ^b7e7 c3c4 g3g4 r?b0c2 b?h9h4 b?c6c5 b?g6g5
D50	中炮对列炮			1=h2e2 2=b7e7
D51	中炮(其他)对后补列炮		D52-D55	1=h2e2 2=h9g7 b7e7 b?i9h9 b?g6g5 b?c6c5
D52	中炮右直车(其他)对后补列炮		D53,D55	1=h2e2 2=h9g7 ^b7e7 i0h0 r?h0g2 r?b0c2 r?g3g4 r?c3c4
D53	中炮过河车对后补列炮			1=h2e2 2=h9g7 ^b7e7 i0h0 h0h6 r?h0g2 r?b0c2 r?g3g4 r?c3c4
D54	中炮左直车对后补列炮		D55	1=h2e2 2=h9g7 ^b7e7 a0b0 r?h0g2 r?b0c2 r?g3g4 r?c3c4
D55	中炮双直车对后补列炮			1=h2e2 2=h9g7 ^b7e7 a0b0 i0h0 r?h0g2 r?b0c2 r?g3g4 r?c3c4;1=h2e2 2=h9g7 ^b7e7 i0h0 a0b0 r?h0g2 r?b0c2 r?g3g4 r?c3c4
E00	仙人指路局(对其他)			1=g3g4
E01	仙人指路(其他)对飞象			1=g3g4 2=c9e7/g9e7
E02	仙人指路(进右马)对飞象			1=g3g4 2=c9e7/g9e7 3=h0g2
E03	仙人指路对中炮			1=g3g4 2=h7e7/b7e7
E04	仙人指路对仕角炮或过宫炮			1=g3g4 2=h7f7/b7d7/h7d7/b7f7
E05	仙人指路对金钩炮			1=g3g4 2=b7g7
E06	仙人指路(其他)对进右马		E07,E42-E45	1=g3g4 2=b9c7
E07	仙人指路互进右马局(不包括转对兵互进右马局)		E42-E45	1=g3g4 2=b9c7 3=h0g2
E08	两头蛇对进右马(其他)		E09	1=g3g4 2=b9c7 3=c3c4
E09	两头蛇对进右马转卒底炮			1=g3g4 2=b9c7 3=c3c4 4=h7g7
E10	仙人指路(其他)对卒底炮		E11-E39	1=g3g4 2=h7g7
E11	仙人指路飞相对卒底炮			1=g3g4 2=h7g7 3=g0e2/c0e2
E12	仙人指路转右中炮对卒底炮			1=g3g4 2=h7g7 3=h2e2
E13	仙人指路转左中炮对卒底炮(其他)		E14-E39	1=g3g4 2=h7g7 3=b2e2
E14	仙人指路转左中炮(其他)对卒底炮飞右象		E15-E16	1=g3g4 2=h7g7 3=b2e2 4=c9e7
E15	仙人指路转左中炮对卒底炮飞右象	红右边马(对黑其他)	E16	1=g3g4 2=h7g7 3=b2e2 4=c9e7 5=h0i2
E16	仙人指路转左中炮对卒底炮飞右象	互进边马		1=g3g4 2=h7g7 3=b2e2 4=c9e7 5=h0i2 6=h9i7
E17	仙人指路转左中炮对卒底炮转顺炮			1=g3g4 2=h7g7 3=b2e2 4=b7e7
E20	仙人指路转左中炮(其他)对卒底炮飞左象		E21-E39	1=g3g4 2=h7g7 3=b2e2 4=g9e7
E21	仙人指路转左中炮对卒底炮飞左象	红先上仕		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=f0e1
E22	仙人指路转左中炮对卒底炮飞左象	红进左马(对黑其他)	E23-E27	1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2
E23	仙人指路转左中炮对卒底炮飞左象	红进左马(其他)对黑右横车	E24-E27	1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=a9a8
E24	仙人指路转左中炮对卒底炮飞左象	红左直车(其他)对黑右横车	E25-E27	1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=a9a8 7=a0b0 8=a8h8 9=h0g2 10=h9f8
E25	仙人指路转左中炮对卒底炮飞左象	红左直车右马盘河对黑右横车上士		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=a9a8 7=a0b0 8=a8h8 9=h0g2 10=h9f8 11=h2i2 12=b9a7 13=g2f4 14=f9e8
E26	仙人指路转左中炮对卒底炮飞左象	红左直车右马盘河对黑右横车过河		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=a9a8 7=a0b0 8=a8h8 9=h0g2 10=h9f8 11=h2i2 12=b9a7 13=g2f4 14=h8h2
E27	仙人指路转左中炮对卒底炮飞左象	红左直车右马盘河对黑右横车边卒		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=a9a8 7=a0b0 8=a8h8 9=h0g2 10=h9f8 11=h2i2 12=b9a7 13=g2f4 14=a6a5
E30	仙人指路转左中炮对卒底炮飞左象	黑进７卒(其他)	E31-E38	1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5
E31	仙人指路转左中炮对卒底炮飞左象	(红其他对)黑连进７卒	E32-E38	1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=h0i2/a0b0 8=g5g4
E32	仙人指路转左中炮对卒底炮飞左象	红左直车右边马对黑连进７卒拐角马		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=h0i2 8=g5g4 9=a0b0 10=h9f8;1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=a0b0 8=g5g4 9=h0i2 10=h9f8
E33	仙人指路转左中炮对卒底炮飞左象	红左直车右边马(其他)对黑连进７卒右横车	E34-E36	1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=h0i2 8=g5g4 9=a0b0 10=a9a8;1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=a0b0 8=g5g4 9=h0i2 10=a9a8
E34	仙人指路转左中炮对卒底炮飞左象	红左直车右边马上仕对黑连进７卒右横车		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=h0i2 8=g5g4 9=a0b0 10=a9a8 11=f0e1;1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=a0b0 8=g5g4 9=h0i2 10=a9a8 11=f0e1
E35	仙人指路转左中炮对卒底炮飞左象	红巡河车右边马对黑连进７卒右横车		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=h0i2 8=g5g4 9=a0b0 10=a9a8 11=b0b4;1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=a0b0 8=g5g4 9=h0i2 10=a9a8 11=b0b4
E36	仙人指路转左中炮对卒底炮飞左象	红双直车右边马对黑连进７卒右横车		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=h0i2 8=g5g4 9=a0b0 10=a9a8 11=i0h0;1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=b0c2 6=g6g5 7=a0b0 8=g5g4 9=h0i2 10=a9a8 11=i0h0
E37	仙人指路转左中炮对卒底炮飞左象	红右边马		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=h0i2
E38	仙人指路转左中炮对卒底炮飞左象	红炮打中卒		1=g3g4 2=h7g7 3=b2e2 4=g9e7 5=e2e6
E40	对兵局(转其他)		E41-E48	1=g3g4 2=c6c5
E41	对兵进右马局(对其他)		E42-E45	1=g3g4 2=c6c5 3=h0g2
E42	对兵互进右马局(红走其他)		E43-E45	1=g3g4 2=c6c5 3=h0g2 4=b9c7;1=g3g4 2=b9c7 3=h0g2 4=c6c5
E43	对兵对进右马局	红飞相		1=g3g4 2=c6c5 3=h0g2 4=b9c7 5=g0e2/c0e2;1=g3g4 2=b9c7 3=h0g2 4=c6c5 5=g0e2/c0e2
E44	对兵对进右马局	红横车		1=g3g4 2=c6c5 3=h0g2 4=b9c7 5=i0i1;1=g3g4 2=b9c7 3=h0g2 4=c6c5 5=i0i1
E45	对兵对进右马局	红边炮		1=g3g4 2=c6c5 3=h0g2 4=b9c7 5=h2i2;1=g3g4 2=b9c7 3=h0g2 4=c6c5 5=h2i2
E46	对兵转兵底炮(对其他)		E47-E48	1=g3g4 2=c6c5 3=b2c2
E47	对兵转兵底炮对右中炮			1=g3g4 2=c6c5 3=b2c2 4=b7e7
E48	对兵转兵底炮对左中炮			1=g3g4 2=c6c5 3=b2c2 4=h7e7
`;
